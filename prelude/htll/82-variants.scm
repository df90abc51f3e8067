;;; HTLL prelude: generated code for layouts that ask about traits (55-traits.scm).
;;;
;;; Generated code cannot evaluate Scheme at run time, so a layout that asked about traits is
;;; evaluated for the representative trait combinations below, once for each that answers what
;;; the layout asked differently from the ones before. Combinations that give the same layout
;;; (frames, attributes, placed views) form one branch; the code declares the union of the
;;; views of every branch (matched by name), and the frame code is an if / else if / else chain
;;; on the run-time traits the layout asked about: orientation from the parent's bounds, idiom and
;;; size classes from its traitCollection. In a branch, the views another branch places but this
;;; one does not are hidden, and the set/send attributes that differ between branches are set
;;; before the frames. Numbers a layout computed from (canvas-width), (canvas-height) or
;;; (safe-area-insets) are the representative combination's (e.g. 393 points wide for an iPhone
;;; 16 in portrait): ratios and in-safe-area adapt to the real screen, those numbers do not.
;;; A layout that asked nothing gets exactly the code it always got.

;; The traits of each: the iPhone 16 in portrait and landscape, a large iPhone in landscape
;; (horizontally regular), the iPad in portrait and landscape, from the one device table
;; (55-traits.scm); the first is the default branch.
(define htll:combinations
  (map (lambda (c) (htll:device-traits (car c) (cadr c)))
       '((iphone-16 portrait) (iphone-16 landscape) (iphone-16-plus landscape) (ipad portrait) (ipad landscape))))

;; The run-time tests a branch condition may use.
(define htll:features '(landscape idiom hclass vclass))

;; #f, 'none (asked nothing) or ((traits root queried) ...) per combination; reset on load.
(define htll:variants-cache #f)

;; The layout evaluated for every combination, or #f when it asked about no trait (or was not
;; loaded from forms, as in the REPL). The current layout state is restored afterwards.
(define (htll:variants)
  (cond
   ((not (htll:loaded-layout?)) #f)
   (htll:variants-cache htll:variants-cache)
   (else
    (let ((saved (list htll:the-root htll:traits htll:queried htll:safe-area-roots htll:rtl-mirror htll:location-now))
          (result '()))
      (dynamic-wind
       (lambda () #f)
       (lambda ()
         (for-each (lambda (traits)
                     ;; A combination that answers every query of an earlier one's evaluation as
                     ;; it did shares its root: evaluating the same forms with the same answers
                     ;; builds the same layout (a layout that asks only the orientation is
                     ;; evaluated twice, not five times: each evaluation, and each branch's
                     ;; signature below, cost about as much as the layout's own load, issue 19).
                     (let ((same (htll:any (lambda (r) (and (htll:same-answers? (caddr r) (car r) traits) r)) result)))
                       (if same
                           (set! result (cons (list traits (cadr same) (caddr same)) result))
                           (begin
                             (htll:evaluate-forms htll:loaded-forms htll:loaded-file traits)
                             (set! result (cons (list traits htll:the-root htll:queried) result))))))
                   htll:combinations))
       (lambda ()
         (set! htll:the-root (list-ref saved 0))
         (set! htll:traits (list-ref saved 1))
         (set! htll:queried (list-ref saved 2))
         (set! htll:rtl-mirror (list-ref saved 4))
         (set! htll:location-now (list-ref saved 5))))
      (set! htll:variants-cache (reverse result))
      (htll:check-variant-roots htll:variants-cache)
      ;; Grouped now: grouping names views, which would spoil a caller's name-of later.
      (set! htll:groups-cache (htll:group-variants htll:variants-cache))
      htll:variants-cache))))

;; Whether the traits A and B give the same value for each of the queried keys KEYS.
(define (htll:same-answers? keys a b)
  (htll:every (lambda (k) (equal? (cdr (assq k a)) (cdr (assq k b)))) keys))

(define (htll:check-variant-roots variants)
  (let ((first (cadar variants)))
    (for-each (lambda (v)
                (let ((r (cadr v)))
                  (if (not (and (string=? (htll:root-parent r) (htll:root-parent first))
                                (equal? (htll:root-cell r) (htll:root-cell first))))
                      (htll:error-at (htll:root-location r)
                                     (string-append "the layout is placed in " (htll:root-parent first)
                                                    " for some traits and in " (htll:root-parent r)
                                                    " for others; a layout has one parent")))))
              variants)))

;; Each variant's declared views and their names, ((root declared . names) ...), for the target
;; and the views' generation in htll:named-roots-key (as htll:context keeps its one root's): every
;; fragment asks for every variant's context, and finding and naming the views was most of the
;; work (a layout of 10,000 views in two branches named them 40 times, issue 19). A root is a new
;; object for each layout run (an earlier run's entries are never found; a few are kept); the
;; naming procedure is made anew each time, as before (it stamps the views).
(define htll:named-roots '())
(define htll:named-roots-key (cons #f #f))

;; htll:context for any root.
(define (htll:context-of root)
  (if (not (and (eq? (car htll:named-roots-key) (htll:ios6?)) (eqv? (cdr htll:named-roots-key) htll:view-generation)))
      (begin (set! htll:named-roots '()) (set! htll:named-roots-key (cons (htll:ios6?) htll:view-generation))))
  (let* ((kept (assq root htll:named-roots))
         (declared+names
          (if kept
              (cdr kept)
              (let* ((declared (htll:declared-views root)) (names (htll:view-names declared root))
                     (made (cons declared names)))
                (set! htll:named-roots (cons (cons root made) (if (< (length htll:named-roots) 16) htll:named-roots '())))
                made))))
    (list root (car declared+names) (cdr declared+names) (htll:name-of (cdr declared+names)))))

;; What distinguishes two variants' generated code: frames, attributes, placed views, safe area.
(define (htll:variant-signature root)
  (let* ((c (htll:context-of root)) (name-of (cadddr c)))
    (list (htll:frame-lines root name-of)
          (map (lambda (d) (cons (name-of (car d))
                                 (cons (cdr d) (htll:attribute-lines (car d) (name-of (car d)) '(set send init-set target) name-of))))
               (cadr c))
          (htll:safe-area-root? root))))

;; The branches: ((root (combination-index ...)) ...) in the order of their first combination, or
;; #f for a layout that asked about no trait.
(define htll:groups-cache #f)
(define (htll:variant-groups) (and (htll:variants) htll:groups-cache))

(define (htll:group-variants variants)
    (and variants
         (let loop ((vs variants) (i 0) (groups '()))
           (if (null? vs)
               (reverse (map (lambda (g) (list (car g) (reverse (caddr g)))) groups))
               (let* ((root (cadar vs))
                      ;; (A root shared with an earlier combination is in that one's group.)
                      (shared (htll:any (lambda (g) (and (eq? (car g) root) g)) groups))
                      (sig (if shared (cadr shared) (htll:variant-signature root)))
                      (g (or shared (let find ((gs groups)) (cond ((null? gs) #f) ((equal? (cadar gs) sig) (car gs)) (else (find (cdr gs))))))))
                 (if g
                     (begin (set-car! (cddr g) (cons i (caddr g))) (loop (cdr vs) (+ i 1) groups))
                     (loop (cdr vs) (+ i 1) (cons (list (cadar vs) sig (list i)) groups))))))))

;;; The union of every branch's views, for the declarations.

;; The latest union made, #(VARIANTS IOS6? GENERATION DECLARED ALL-NAMES NAME-OF STAMPS) for
;; the list of variants VARIANTS (htll:variants keeps one list for a layout run), the target and
;; the views' generation: each fragment asks for it, and it depends on those alone. Its naming
;; procedure is made again when another naming may have stamped the views since (as htll:context's).
(define htll:union-kept (vector #f #f #f #f #f #f #f))

;; Like htll:context, over every branch: the declared views of all variants matched by name
;; (the first variant's record of each; placed when any variant places it), and a name-of that
;; names the records of every variant.
(define (htll:code-context who)
  (let ((variants (htll:variants)))
    (cond
     ((not variants) (htll:context who))
     ((let ((kept htll:union-kept))
        (and (eq? (vector-ref kept 0) variants) (eq? (vector-ref kept 1) (htll:ios6?)) (eqv? (vector-ref kept 2) htll:view-generation)))
      (let* ((kept htll:union-kept) (declared (vector-ref kept 3)) (all-names (vector-ref kept 4)) (root (cadr (car variants))))
        (htll:warn-unplaced root declared)
        (if (not (eqv? (vector-ref kept 6) htll:name-stamps))
            (begin (vector-set! kept 5 (htll:name-of all-names)) (vector-set! kept 6 htll:name-stamps)))
        (list root declared all-names (vector-ref kept 5))))
     (else
        (let* ((contexts (map htll:context-of
                              ;; Each root once (combinations may share one).
                              (let loop ((vs variants) (roots '()))
                                (cond ((null? vs) (reverse roots))
                                      ((memq (cadar vs) roots) (loop (cdr vs) roots))
                                      (else (loop (cdr vs) (cons (cadar vs) roots)))))))
               (all-names (apply append (map caddr contexts)))
               (union '())
               ;; name => its entry of UNION (a search of UNION for every view of every branch
               ;; was quadratic: 4,000 views in two branches took 16 s, issue 19).
               (index (make-equal-hash-table)))
          (for-each
           (lambda (c)
             (let ((name-of (cadddr c)))
               (for-each
                (lambda (d)
                  (let* ((name (name-of (car d)))
                         (seen (hash-table-ref/default index name #f)))
                    (cond ((not seen)
                           (let ((entry (list name (car d) (cdr d))))
                             (hash-table-set! index name entry)
                             (set! union (cons entry union))))
                          ((not (eq? (htll:view-kind (cadr seen)) (htll:view-kind (car d))))
                           (htll:error-at (htll:view-location (car d))
                                          (string-append "the view " name " is a " (symbol->string (htll:view-kind (cadr seen)))
                                                         " for some traits and a " (symbol->string (htll:view-kind (car d)))
                                                         " for others; give the views different names")))
                          ((cdr d) (set-car! (cddr seen) #t)))))
                (cadr c))))
           contexts)
          ;; In the order the branches declare them (htll:declared-views), first branch first.
          (let ((declared (reverse (map (lambda (u) (cons (cadr u) (caddr u))) union))))
            (htll:warn-unplaced (car (car contexts)) declared)
            (let ((name-of (htll:name-of all-names)))
              (set! htll:union-kept (vector variants (htll:ios6?) htll:view-generation declared all-names name-of htll:name-stamps))
              (list (car (car contexts)) declared all-names name-of))))))))

;;; Branch conditions.

(define (htll:feature-value traits feature) (cdr (assq feature traits)))

;; The features the run-time conditions test: those asked about, or all when the layout used a
;; number (width, height, insets), which only the whole combination determines.
(define (htll:condition-features variants)
  (let ((asked (apply append (map caddr variants))))
    (if (htll:any (lambda (k) (memq k asked)) '(width height insets))
        htll:features
        (htll:filter (lambda (f) (memq f asked)) htll:features))))

(define (htll:subsets xs)
  (if (null? xs)
      '(())
      (let ((rest (htll:subsets (cdr xs))))
        (append rest (map (lambda (s) (cons (car xs) s)) rest)))))

;; Subsets of FEATURES, smallest first.
(define (htll:subsets-by-size features)
  (let ((all (htll:subsets features)))
    (apply append (map (lambda (n) (htll:filter (lambda (s) (= (length s) n)) all))
                       (let loop ((i (length features)) (acc '())) (if (< i 0) acc (loop (- i 1) (cons i acc))))))))

;; A conjunction ((feature . value) ...) true for TRAITS.
(define (htll:conjunction traits features) (map (lambda (f) (cons f (htll:feature-value traits f))) features))
(define (htll:conjunction-true? conj traits)
  (htll:every (lambda (l) (equal? (htll:feature-value traits (car l)) (cdr l))) conj))

;; For each branch but the last: a disjunction of conjunctions true for its combinations and
;; false for every combination of the later branches (the earlier ones were taken before).
(define (htll:branch-conditions groups variants)
  (let ((features (htll:condition-features variants))
        (traits-of (lambda (i) (car (list-ref variants i)))))
    (let loop ((gs groups) (acc '()))
      (if (null? (cdr gs))
          (reverse acc)
          (let* ((mine (cadar gs))
                 (others (apply append (map cadr (cdr gs))))
                 (separates? (lambda (conj) (not (htll:any (lambda (j) (htll:conjunction-true? conj (traits-of j))) others))))
                 (subsets (htll:subsets-by-size features))
                 ;; One conjunction for the whole branch, if its combinations agree on one.
                 (whole (htll:any (lambda (s)
                                    (let ((conj (htll:conjunction (traits-of (car mine)) s)))
                                      (and (htll:every (lambda (i) (htll:conjunction-true? conj (traits-of i))) mine)
                                           (separates? conj)
                                           (list conj))))
                                  subsets))
                 (each (or whole
                           (let per ((is mine) (out '()))
                             (if (null? is)
                                 (reverse out)
                                 (let ((conj (htll:any (lambda (s) (let ((c (htll:conjunction (traits-of (car is)) s)))
                                                                     (and (separates? c) c)))
                                                       subsets)))
                                   (if (not conj)
                                       (htll:error-at (htll:root-location (caar gs))
                                                      "the layout differs between evaluations for the same traits (does it depend on something else?)"))
                                   (per (cdr is) (if (member conj out) out (cons conj out)))))))))
            (loop (cdr gs) (cons each acc)))))))

;;; The two dialects of the frame code. A dialect answers messages:
;;;   (d 'literal feature value) (d 'if cond) (d 'else-if cond) (d 'else) (d 'end)
;;;   (d 'rtl) the right-to-left test, (d 'mirror-axis text), (d 'mirror view-name),
;;;   (d 'hidden name hidden?), (d 'expr e), (d 'frames root), (d 'attributes view).

(define (htll:objc-dialect parent name-of)
  (lambda (msg . args)
    (case msg
      ((literal)
       (let ((f (car args)) (v (cadr args)) (traits (string-append parent ".traitCollection.")))
         (case f
           ((landscape) (string-append parent ".bounds.size.width " (if v ">" "<=") " " parent ".bounds.size.height"))
           ((idiom) (string-append traits "userInterfaceIdiom == " (if (eq? v 'pad) "UIUserInterfaceIdiomPad" "UIUserInterfaceIdiomPhone")))
           (else (string-append traits (if (eq? f 'hclass) "horizontalSizeClass" "verticalSizeClass")
                                " == " (if (eq? v 'compact) "UIUserInterfaceSizeClassCompact" "UIUserInterfaceSizeClassRegular"))))))
      ((if) (string-append "if (" (car args) ") {"))
      ((else-if) (string-append "} else if (" (car args) ") {"))
      ((else) "} else {")
      ((end) "}")
      ((rtl) (string-append "[UIView userInterfaceLayoutDirectionForSemanticContentAttribute:" parent
                            ".semanticContentAttribute] == UIUserInterfaceLayoutDirectionRightToLeft"))
      ((mirror-axis) (string-append "CGFloat htllMirror = " (car args) ";"))
      ((mirror) (let ((v (car args)))
                  (string-append v ".frame = (CGRect) {{htllMirror - " v ".frame.origin.x - " v ".frame.size.width, "
                                 v ".frame.origin.y}, {" v ".frame.size.width, " v ".frame.size.height}};")))
      ((hidden) (string-append (car args) ".hidden = " (if (cadr args) "YES" "NO") ";"))
      ((expr) (htll:e->c (car args) name-of))
      ((frames) (htll:frame-lines (car args) name-of))
      ((attributes) (htll:attribute-lines (car args) (name-of (car args)) '(set send) name-of))
      (else (error "htll: unknown dialect message" msg)))))

;; PREFIX is what the trait and direction properties hang off ("self.view.", "cell.contentView.",
;; "" in a UIView subclass); PARENT maps w, h, top, left, bottom, right to the parent's bounds and insets.
(define (htll:swift-dialect prefix parent name-of)
  (lambda (msg . args)
    (case msg
      ((literal)
       (let ((f (car args)) (v (cadr args)) (traits (string-append prefix "traitCollection.")))
         (case f
           ((landscape) (string-append (parent 'w) (if v " > " " <= ") (parent 'h)))
           ((idiom) (string-append traits "userInterfaceIdiom == ." (symbol->string v)))
           (else (string-append traits (if (eq? f 'hclass) "horizontalSizeClass" "verticalSizeClass")
                                " == ." (symbol->string v))))))
      ((if) (string-append "if " (car args) " {"))
      ((else-if) (string-append "} else if " (car args) " {"))
      ((else) "} else {")
      ((end) "}")
      ((rtl) (string-append prefix "effectiveUserInterfaceLayoutDirection == .rightToLeft"))
      ((mirror-axis) (string-append "let htllMirror = " (car args)))
      ((mirror) (string-append (car args) ".frame.origin.x = htllMirror - " (car args) ".frame.maxX"))
      ((hidden) (string-append (car args) ".isHidden = " (if (cadr args) "true" "false")))
      ((expr) (htll:e->swift (car args) name-of parent))
      ((frames) (htll:swift-frame-lines (car args) name-of parent))
      ((attributes) (htll:swift-attribute-lines (car args) (name-of (car args)) '(set send) name-of))
      (else (error "htll: unknown dialect message" msg)))))

;;; The frame code.

(define (htll:placed-views root)
  ;; In layout order, each view once.
  (let ((mark (htll:fresh-mark)) (placed '()))
    (let walk ((x (htll:root-child root)))
      (cond ((htll:view? x)
             (if (not (eq? (htll:view-mark x) mark))
                 (begin (htll:set-view-mark! x mark) (set! placed (cons x placed)))))
            ((htll:node? x) (for-each walk (htll:node-children x)))))
    (reverse placed)))

;; Lines that mirror the PLACED views of ROOT when the layout direction is right-to-left, if the
;; layout or the command asks for it.
(define (htll:mirror-lines d root placed name-of)
  ;; Constraints (leading and trailing anchors) mirror themselves.
  (if (or htll:emit-constraints (not (htll:mirrors-rtl?)) (null? placed))
      '()
      (append (list (d 'if (d 'rtl)))
              (htll:indent 4 (cons (d 'mirror-axis (d 'expr (htll:mirror-axis root)))
                                   (map (lambda (v) (d 'mirror (name-of v))) placed)))
              (list (d 'end)))))

;; The frame code for the current layout in dialect D, whose name-of is NAME-OF (it names the
;; records of every variant).
(define (htll:layout-lines d name-of)
  ;; (The placed views are listed only when the lines mirror them.)
  ;; (The frames themselves when nothing mirrors them: appending nothing copied them.)
  (define (frames-and-mirror root)
    (let* ((frames (d 'frames root))
           (mirror (if (or htll:emit-constraints (not (htll:mirrors-rtl?)))
                       '()
                       (htll:mirror-lines d root (htll:placed-views root) name-of))))
      (if (null? mirror) frames (append frames mirror))))
  (let ((groups (htll:variant-groups)))
    (cond
     ((not groups) (frames-and-mirror (htll:the-layout "frames")))
     ((null? (cdr groups)) (frames-and-mirror (caar groups)))
     (else (htll:branch-lines d name-of groups)))))

(define (htll:branch-lines d name-of groups)
  (let* ((variants (htll:variants))
         (conditions (htll:branch-conditions groups variants))
         (roots (map car groups))
         (placed-by (map htll:placed-views roots))
         (placed-names (map (lambda (ps) (map name-of ps)) placed-by))
         ;; Each branch's placed names as a set: the questions below are asked of every view,
         ;; and searching lists for them was quadratic in the views (issue 19).
         (placed-sets (map (lambda (ns) (htll:set-of ns make-equal-hash-table)) placed-names))
         ;; Union of the placed views by name, in first-seen order: (name . view).
         (union (let ((seen (make-equal-hash-table)))
                  (let loop ((ps (apply append placed-by)) (acc '()))
                    (cond ((null? ps) (reverse acc))
                          ((hash-table-ref/default seen (name-of (car ps)) #f) (loop (cdr ps) acc))
                          (else (hash-table-set! seen (name-of (car ps)) #t)
                                (loop (cdr ps) (cons (cons (name-of (car ps)) (car ps)) acc)))))))
         (everywhere? (lambda (name) (htll:every (lambda (set) (hash-table-ref/default set name #f)) placed-sets)))
         ;; Views whose set/send attributes differ between branches: set in each branch.
         (attribute-texts (lambda (root) (map (lambda (dv) (cons (name-of (car dv)) (d 'attributes (car dv))))
                                              (htll:declared-views root))))
         (texts (map attribute-texts roots))
         ;; Each branch's first (name . text) of a name, as assoc finds it.
         (text-tables (map (lambda (t) (htll:first-entries t make-equal-hash-table)) texts))
         ;; (A set: asked about each declared view of each branch.)
         (varying (htll:set-of
                   (htll:filter (lambda (name)
                                  (let ((seen (htll:filter (lambda (x) x)
                                                           (map (lambda (t) (hash-table-ref/default t name #f)) text-tables))))
                                    (not (htll:every (lambda (x) (equal? (cdr x) (cdar seen))) seen))))
                                (map car (apply append texts)))
                   make-equal-hash-table))
         (axes (map htll:mirror-axis roots))
         (same-axis? (htll:every (lambda (a) (htll:e=? a (car axes))) axes)))
    (define (condition-text disjunction)
      (let ((conj-text (lambda (conj) (htll:string-join (map (lambda (l) (d 'literal (car l) (cdr l))) conj) " && "))))
        (if (null? (cdr disjunction))
            (conj-text (car disjunction))
            (htll:string-join (map (lambda (c) (if (null? (cdr c)) (conj-text c) (string-append "(" (conj-text c) ")"))) disjunction)
                              " || "))))
    (define (body root placed names)
      (define own-names (htll:set-of names make-equal-hash-table))
      (define own-views (htll:first-entries (map (lambda (v) (cons (name-of v) v)) placed) make-equal-hash-table))
      (append
       (apply append (map (lambda (dv) (if (hash-table-ref/default varying (name-of (car dv)) #f) (d 'attributes (car dv)) '()))
                          (htll:filter (lambda (d) (eq? (cdr d) #t)) (htll:declared-views root))))
       (apply append
              (map (lambda (u)
                     (cond ((not (hash-table-ref/default own-names (car u) #f)) (list (d 'hidden (car u) #t)))
                           ((everywhere? (car u)) '())
                           (else (let ((own (hash-table-ref/default own-views (car u) #f)))
                                   (list (d 'hidden (car u) (and own (htll:view-attribute (cdr own) 'hidden) #t)))))))
                   union))
       (d 'frames root)
       (if same-axis? '() (htll:mirror-lines d root placed name-of))))
    (append
     (let loop ((gs groups) (cs conditions) (ps placed-by) (ns placed-names) (first #t) (acc '()))
       (if (null? gs)
           (reverse (cons (d 'end) acc))
           (loop (cdr gs) (if (null? cs) cs (cdr cs)) (cdr ps) (cdr ns) #f
                 (append (reverse (htll:indent 4 (body (caar gs) (car ps) (car ns))))
                         (list (cond ((null? cs) (d 'else))
                                     (first (d 'if (condition-text (car cs))))
                                     (else (d 'else-if (condition-text (car cs))))))
                         acc))))
     (if same-axis? (htll:mirror-lines d (car roots) (map cdr union) name-of) '()))))
