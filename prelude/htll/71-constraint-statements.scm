;;; HTLL prelude: the layout as Auto Layout constraints (issue 18).
;;; The same layout tree the frame solver (60-solver.scm) walks, stated as constraints between
;;; anchors instead of frame arithmetic: a view's leading and top are where the solver puts its
;;; frame's origin, its width and height what the solver gives it, and a length the solver
;;; computes (a ratio of the area, the rest after a sibling, a share, a clamp) is an anchor of a
;;; view, of the parent, or of a UILayoutGuide made for it. Wrapped lengths (the solver's
;;; sizeToFit) are the view's intrinsic content size held by required hugging and compression
;;; resistance. A define-primitive node's areas are read back from its area procedure run on
;;; lengths that stand for anchors. What Auto Layout cannot state (a view collapsing while hidden,
;;; the measured size of a whole layout, a primitive's choice made at run time) is refused with a
;;; located error, never approximated.
;;;
;;; A constraint is (ITEM ATTR RELATION MULTIPLIER ITEM2 ATTR2 CONSTANT PRIORITY LOCATION):
;;;   ITEM.ATTR RELATION MULTIPLIER * ITEM2.ATTR2 + CONSTANT    (ITEM2 #f: ITEM.ATTR RELATION CONSTANT)
;;; an item is a view record, a guide #(guide N), the parent (its key path string) or the
;;; parent's safe area (safe-area PARENT). Horizontal anchors are leading and trailing, so the
;;; constraints mirror themselves in right-to-left languages; left and right after
;;; (right-to-left 'fixed).
;;;
;;; Inside the walk, a position is (ANCHOR . CONSTANT), ANCHOR (ITEM . ATTR); a length is
;;;   wrap                 the child's own length
;;;   (dim K ANCHOR C)     K * ANCHOR + C (ANCHOR #f: the constant C)
;;;   (end POSITION)       up to POSITION
;;;   (max L1 L2)          the longer of two (only as what a child occupies)
;;;
;;; This file holds the data and the statements (a constraint, a guide, a position or length
;;; read off an anchor); 72-constraints.scm walks the layout tree and states it with them.

(define (htll:c-lead axis) (if (eq? axis 'x) 'leading 'top))

(define (htll:c-trail axis) (if (eq? axis 'x) 'trailing 'bottom))

(define (htll:c-dim axis) (if (eq? axis 'x) 'width 'height))

(define (htll:c-mid axis) (if (eq? axis 'x) 'centerX 'centerY))

(define (htll:c-other axis) (if (eq? axis 'x) 'y 'x))

(define (htll:c-pos item attr c) (cons (cons item attr) c))

(define (htll:c-pos+ p c) (cons (car p) (+ (cdr p) c)))

(define (htll:c-dim-length k anchor c) (list 'dim k anchor c))

(define (htll:c-const-length c) (list 'dim 0 #f c))

;; The constant a dim LEN is (no anchor, or none that counts), or #f.
(define (htll:c-dim-constant len) (and (or (not (caddr len)) (= (cadr len) 0)) (cadddr len)))

(define (htll:c-end-length p) (list 'end p))

(define (htll:c-length-kind len) (if (pair? len) (car len) len))

(define (htll:c-item=? a b)
  (or (eq? a b) (and (string? a) (string? b) (string=? a b))))

;; The constraints of one layout: made by htll:constraints, read by the printers.
(define-record-type htll:c-state
  (htll:make-c-state root base constraints guides views placed)
  htll:c-state?
  (root htll:c-state-root)
  (base htll:c-state-base)                           ; the item of the root's area
  (constraints htll:c-state-constraints htll:set-c-state-constraints!)  ; newest first
  (guides htll:c-state-guides htll:set-c-state-guides!)                 ; newest first
  (views htll:c-state-views)                         ; view -> #(hug-x hug-y compress-x compress-y)
  (placed htll:c-state-placed htll:set-c-state-placed!))  ; the views in layout order

(define htll:c-required 1000)

;; Constraints that give way when the required ones leave no room (a clamp, the free length of
;; a distribution that is negative); below required, above the default compression resistance.
;; They are ranked in the order the frame solver decides: a node's area before what its
;; children make of it (a min-size's area kept to the screen rather than stretched by the
;; aspect inside it), and a row measured before the siblings after it share what it leaves (the
;; first child of a << at its own width, whatever an aspect beside it would like). So the walk
;; states each one at a priority just below the one stated before it (999 less a fraction per
;; statement), and htll:c-rank-priorities! numbers the priorities used 999, 998, ...
(define (htll:c-high walk)
  (htll:set-c-walk-order! walk (+ (htll:c-walk-order walk) 1))
  (- 999 (/ (min (htll:c-walk-order walk) 16000000) 16777216.)))

;; A guide as short as the inequalities that hold its content allow (the longer of two lengths, a
;; row's height measured, a baseline's depth). Measuring goes from the inside out, so such a
;; guide ranks below its content's preferences (a view clamped by min-size or max-size keeps
;; its compression resistance or hugging inside it rather than the guide shrinking it): the
;; guide's constraint is stated when the guide is made and restated (htll:c-restate!) once its
;; content is laid out.
(define (htll:c-shrink walk) (htll:c-high walk))

;; Constraint REC (a guide's htll:c-shrink) at the priority of a constraint stated now.
(define (htll:c-restate! walk rec) (set-car! (list-tail rec 7) (htll:c-high walk)))

;; The priorities of state ST's constraints and views between 998 and required, numbered 999,
;; 998, ... from the highest (no lower than 751, above the default compression resistance).
(define (htll:c-rank-priorities! st)
  (let* ((views (hash-table-values (htll:c-state-views st)))
         (seen (make-equal-hash-table))
         (note! (lambda (p) (if (and (< p htll:c-required) (> p 998)) (hash-table-set! seen p #t)))))
    (for-each (lambda (c) (note! (list-ref c 7))) (htll:c-state-constraints st))
    (for-each (lambda (v) (vector-for-each note! v)) views)
    (let ((rank (make-equal-hash-table)))
      (let loop ((ps (sort (hash-table-keys seen) >)) (n 999))
        (if (pair? ps) (begin (hash-table-set! rank (car ps) n) (loop (cdr ps) (max 751 (- n 1))))))
      (let ((ranked (lambda (p) (hash-table-ref/default rank p p))))
        (for-each (lambda (c) (set-car! (list-tail c 7) (ranked (list-ref c 7)))) (htll:c-state-constraints st))
        (for-each (lambda (v) (let loop ((i 0))
                                (if (< i (vector-length v)) (begin (vector-set! v i (ranked (vector-ref v i))) (loop (+ i 1))))))
                  views)))))

;; The kinds whose UIKit class has an intrinsic content size on an axis; the others get their
;; measured size as a constant where they wrap (a UIView, a scroll view, an image view).
(define (htll:c-intrinsic? kind axis)
  (cond ((memq kind '(label text-field segmented-control)) #t)
        ((eq? (htll:kind-parent kind) 'button) #t)
        ((eq? kind 'slider) (eq? axis 'y))
        (else #f)))

;; One walk of htll:constraints over a layout: what its statements share.
(define-record-type htll:c-walk
  (htll:make-c-walk state root base hidden-view? fixed-sides? location primitive dry? anchor-atoms
                    row-guides baseline-guides last-shown order)
  htll:c-walk?
  (state htll:c-walk-state)                      ; the htll:c-state being made
  (root htll:c-walk-root)
  (base htll:c-walk-base)                        ; the item of the root's area
  ;; Whether a view that collapses while hidden is hidden (htll:constraints' HIDDEN?).
  (hidden-view? htll:c-walk-hidden-view?)
  ;; (right-to-left 'fixed), unless compiled with --rtl: the layout keeps its sides in
  ;; right-to-left languages, so horizontal anchors are left and right.
  (fixed-sides? htll:c-walk-fixed-sides?)
  ;; Where the constraints being stated come from: the view or node being laid out.
  (location htll:c-walk-location htll:set-c-walk-location!)
  ;; Inside a define-primitive node (htll:c-lay-primitive), a refusal names the primitive,
  ;; where it is called; #f elsewhere.
  (primitive htll:c-walk-primitive htll:set-c-walk-primitive!)
  ;; While measuring (dry), lengths are computed but no view is constrained: what a node
  ;; occupies at its own size, which the frame solver measures before placing it.
  (dry? htll:c-walk-dry? htll:set-c-walk-dry!)
  ;; One atom per anchor (htll:c-anchor-atom), so that sums of the same anchor add up.
  (anchor-atoms htll:c-walk-anchor-atoms htll:set-c-walk-anchor-atoms!)
  (row-guides htll:c-walk-row-guides)            ; guide -> #t: the guides of aligned rows (htll:c-lay-node)
  ;; Baseline group -> its guide, and guide -> its shrinking constraint (htll:c-baseline-guide).
  (baseline-guides htll:c-walk-baseline-guides)
  ;; The far end of the last child shown of the latest htll:c-run, or #f.
  (last-shown htll:c-walk-last-shown htll:set-c-walk-last-shown!)
  ;; How many optional constraints have been stated (htll:c-high).
  (order htll:c-walk-order htll:set-c-walk-order!))

;;; Statements: every procedure taking WALK adds to its state or reads its context.

;; A child of a sequence that takes no length, gap or share: it collapses and is hidden.
;; It is still placed where it would start, at the length the sequence gives it (its frame
;; in htll frames), and the next child starts there.
(define (htll:c-collapsed? walk c) (and (htll:collapse-node? c) ((htll:c-walk-hidden-view? walk) (htll:collapsed-view c))))

(define (htll:c-shown-count walk cs) (length (htll:filter (lambda (c) (not (htll:c-collapsed? walk c))) cs)))

(define (htll:c-refuse! walk loc what)
  (let ((primitive (htll:c-walk-primitive walk)))
    (htll:error-at (or (and primitive (htll:node-location primitive)) loc (htll:root-location (htll:c-walk-root walk)))
                   (string-append "--constraints: "
                                  (if primitive (string-append (symbol->string (htll:node-op primitive)) ": ") "")
                                  what " cannot be stated as Auto Layout constraints"))))

(define (htll:c-side walk attr)
  (if (htll:c-walk-fixed-sides? walk) (case attr ((leading) 'left) ((trailing) 'right) (else attr)) attr))

;; Adds ITEM.ATTR RELATION K * ITEM2.ATTR2 + C at PRIORITY, from where the walk is; returns the
;; constraint (a guide's shrinking one is restated later, htll:c-restate!).
(define (htll:c-add! walk item attr rel k item2 attr2 c prio)
  (let ((st (htll:c-walk-state walk))
        (constraint (list item (htll:c-side walk attr) rel k item2 (and attr2 (htll:c-side walk attr2)) c prio
                          (htll:c-walk-location walk))))
    (htll:set-c-state-constraints! st (cons constraint (htll:c-state-constraints st)))
    constraint))

;; ITEM.ATTR RELATION the position P.
(define (htll:c-pos! walk item attr p . rel+prio)
  (let ((rel (if (pair? rel+prio) (car rel+prio) '==))
        (prio (if (and (pair? rel+prio) (pair? (cdr rel+prio))) (cadr rel+prio) htll:c-required)))
    (htll:c-add! walk item attr rel 1 (caar p) (cdar p) (cdr p) prio)))

;; ITEM's length along AXIS, which starts at START, is LEN (a dim or an end).
(define (htll:c-len! walk item axis start len . rel+prio)
  (let ((rel (if (pair? rel+prio) (car rel+prio) '==))
        (prio (if (and (pair? rel+prio) (pair? (cdr rel+prio))) (cadr rel+prio) htll:c-required)))
    (case (htll:c-length-kind len)
      ((dim) (let ((k (cadr len)) (a (caddr len)) (c (cadddr len)))
               (if (htll:c-dim-constant len)
                   (htll:c-add! walk item (htll:c-dim axis) rel 1 #f #f c prio)
                   (htll:c-add! walk item (htll:c-dim axis) rel k (car a) (cdr a) c prio))))
      ((end) (htll:c-pos! walk item (htll:c-trail axis) (cadr len) rel prio))
      (else (error "htll: not a length" len)))))

;; A new guide, its place along AXIS set by the caller; across it is pinned to the base (a
;; guide nobody positions there would leave the layout ambiguous).
(define (htll:c-guide! walk axis)
  (let* ((g (vector 'guide (+ 1 (length (htll:c-state-guides (htll:c-walk-state walk))))))
         (o (htll:c-other axis)))
    (htll:set-c-state-guides! (htll:c-walk-state walk) (cons g (htll:c-state-guides (htll:c-walk-state walk))))
    (htll:c-pos! walk g (htll:c-lead o) (htll:c-pos (htll:c-walk-base walk) (htll:c-lead o) 0))
    (htll:c-add! walk g (htll:c-dim o) '== 1 #f #f 0 htll:c-required)
    g))

;; The position START + LEN along AXIS.
(define (htll:c-end-of walk start len axis)
  (case (htll:c-length-kind len)
    ((end) (cadr len))
    ((dim)
     (let ((k (cadr len)) (a (caddr len)) (c (cadddr len)) (s (car start)))
       (cond ((htll:c-dim-constant len) (htll:c-pos+ start c))
             ((and (htll:c-item=? (car s) (car a)) (eq? (cdr s) (htll:c-lead axis))
                   (eq? (cdr a) (htll:c-dim axis)) (memv k '(1 1.0 0.5)))
              (htll:c-pos (car s) (if (= k 1) (htll:c-trail axis) (htll:c-mid axis)) (+ (cdr start) c)))
             (else (let ((g (htll:c-guide! walk axis)))
                     (htll:c-pos! walk g (htll:c-lead axis) start)
                     (htll:c-len! walk g axis start len)
                     (htll:c-pos g (htll:c-trail axis) 0))))))
    ((max)
     (let ((g (htll:c-guide! walk axis)) (e1 (htll:c-end-of walk start (cadr len) axis)) (e2 (htll:c-end-of walk start (caddr len) axis)))
       (htll:c-pos! walk g (htll:c-lead axis) start)
       (htll:c-pos! walk g (htll:c-trail axis) e1 '>=)
       (htll:c-pos! walk g (htll:c-trail axis) e2 '>=)
       ;; As short as the longer of the two: the least width the two inequalities allow.
       (htll:c-add! walk g (htll:c-dim axis) '== 1 #f #f 0 (htll:c-shrink walk))
       (htll:c-pos g (htll:c-trail axis) 0)))
    (else (error "htll: not a length" len))))

;; The constant from position START to position P, where both are one anchor plus a constant;
;; else #f.
(define (htll:c-offset-from start p)
  (and (htll:c-item=? (caar p) (caar start)) (eq? (cdar p) (cdar start)) (- (cdr p) (cdr start))))

;; LEN as a dim (K * ANCHOR + C) for a length starting at START.
(define (htll:c-dim-of walk start len axis)
  (case (htll:c-length-kind len)
    ((dim) len)
    ((end)
     (let ((p (cadr len)))
       (cond ((and (htll:c-item=? (caar p) (caar start)) (eq? (cdar start) (htll:c-lead axis))
                   (eq? (cdar p) (htll:c-trail axis)))
              (htll:c-dim-length 1 (cons (caar p) (htll:c-dim axis)) (- (cdr p) (cdr start))))
             ((htll:c-offset-from start p) => htll:c-const-length)
             (else (let ((g (htll:c-guide! walk axis)))
                     (htll:c-pos! walk g (htll:c-lead axis) start)
                     (htll:c-pos! walk g (htll:c-trail axis) p)
                     (htll:c-dim-length 1 (cons g (htll:c-dim axis)) 0))))))
    ((max) (htll:c-dim-of walk start (htll:c-end-length (htll:c-end-of walk start len axis)) axis))
    (else (error "htll: not a length" len))))

(define (htll:c-scale len k) (htll:c-dim-length (* (cadr len) k) (caddr len) (* (cadddr len) k)))

;; LEN less LEAD at its start and TRAIL at its end (an inset): an end moves by TRAIL only.
(define (htll:c-shorten len lead trail)
  (case (htll:c-length-kind len)
    ((wrap) len)
    ((dim) (htll:c-dim-length (cadr len) (caddr len) (- (cadddr len) lead trail)))
    (else (htll:c-end-length (htll:c-pos+ (cadr len) (- trail))))))

(define (htll:c-longer a b) (list 'max a b))

(define (htll:c-wrap? len) (eq? len 'wrap))

;; Priorities of VIEW's content size: (hug-x hug-y compress-x compress-y), UIKit's defaults.
(define (htll:c-priorities walk v)
  (or (hash-table-ref/default (htll:c-state-views (htll:c-walk-state walk)) v #f)
      (let ((p (vector 250 250 750 750)))
        (hash-table-set! (htll:c-state-views (htll:c-walk-state walk)) v p)
        p)))

(define (htll:c-set-priority! walk v axis hug compress)
  (let ((p (htll:c-priorities walk v)) (i (if (eq? axis 'x) 0 1)))
    (vector-set! p i hug)
    (vector-set! p (+ i 2) compress)))

;; VIEW at its own length along AXIS (HOW: exact, or (min B) / (max B) for min-size / max-size):
;; its intrinsic content size, or its measured size as a constant.
(define (htll:c-wrap-view! walk v axis how)
  (let ((bound (and (pair? how) (cadr how))))
    (if (htll:c-intrinsic? (htll:view-kind v) axis)
        (cond ((not bound) (htll:c-set-priority! walk v axis htll:c-required htll:c-required))
              ((eq? (car how) 'min)
               (htll:c-set-priority! walk v axis (htll:c-high walk) htll:c-required)
               (htll:c-add! walk v (htll:c-dim axis) '>= 1 #f #f bound htll:c-required))
              (else
               (htll:c-set-priority! walk v axis htll:c-required (htll:c-high walk))
               (htll:c-add! walk v (htll:c-dim axis) '<= 1 #f #f bound htll:c-required)))
        (let* ((m (htll:measure v)) (own (if (eq? axis 'x) (car m) (cdr m))))
          (htll:c-add! walk v (htll:c-dim axis) '== 1 #f #f
                (cond ((not bound) own) ((eq? (car how) 'min) (max own bound)) (else (min own bound)))
                htll:c-required)))))

;; Every view is constrained once (htllc's "last frame wins" has no constraint form).
(define (htll:c-place! walk v)
  (if (hash-table-ref/default (htll:c-state-views (htll:c-walk-state walk)) v #f)
      (htll:c-refuse! walk (htll:view-location v) "a view placed twice"))
  (htll:c-priorities walk v)
  (htll:set-c-state-placed! (htll:c-walk-state walk) (cons v (htll:c-state-placed (htll:c-walk-state walk))))
  (htll:set-c-walk-location! walk (htll:view-location v)))

;; The position P RELATION the position Q.
(define (htll:c-pos-eq! walk p q . rel+prio)
  (apply htll:c-pos! walk (caar p) (cdar p) (htll:c-pos+ q (- (cdr p))) rel+prio))

(define (htll:c-fixed-size v)
  (let ((s (htll:view-attribute v 'size))) (and s (htll:resource-args s))))

(define (htll:c-clamp? len) (and (pair? len) (eq? (car len) 'clamp)))

(define (htll:c-pack axis along across) (if (eq? axis 'x) (cons along across) (cons across along)))

(define (htll:c-pack-result axis r) (htll:c-pack axis (car r) (cdr r)))

;; A fixed-size view or a fixed node occupies its own length whatever its area.
(define (htll:c-own-length? x)
  (or (and (htll:view? x) (htll:c-fixed-size x)) (and (htll:node? x) (eq? (htll:node-op x) 'fixed))))

;; A guide along AXIS from the position FROM (the free length before or after a child).
(define (htll:c-spacer! walk axis from)
  (let ((g (htll:c-guide! walk axis))) (htll:c-pos! walk g (htll:c-lead axis) from) g))

;;; A define-primitive node's area procedure (52-primitive-protocol.scm) runs on symbolic lengths
;;; that stand for anchors (c-anchor atoms); what it returns is read back as positions and lengths.

(define (htll:c-anchor-atom walk anchor)
  (let find ((as (htll:c-walk-anchor-atoms walk)))
    (cond ((null? as)
           (let ((a (list 'c-anchor anchor)))
             (htll:set-c-walk-anchor-atoms! walk (cons a (htll:c-walk-anchor-atoms walk)))
             a))
          ((and (htll:c-item=? (car (cadar as)) (car anchor)) (eq? (cdr (cadar as)) (cdr anchor))) (car as))
          (else (find (cdr as))))))

(define (htll:c-anchor-atom? a) (and (pair? a) (eq? (car a) 'c-anchor)))

(define (htll:c-encode-pos walk p) (htll:e+ (htll:e-atom (htll:c-anchor-atom walk (car p))) (htll:e-const (cdr p))))

;; LEN (from the position START) as an expression; 'wrap stays.
(define (htll:c-encode-length walk len start)
  (case (htll:c-length-kind len)
    ((wrap) 'wrap)
    ((dim) (if (or (not (caddr len)) (= (cadr len) 0))
               (htll:e-const (cadddr len))
               (htll:e+ (htll:e* (htll:e-atom (htll:c-anchor-atom walk (caddr len))) (cadr len)) (htll:e-const (cadddr len)))))
    ((end) (htll:e- (htll:c-encode-pos walk (cadr len)) (htll:c-encode-pos walk start)))
    ((max) (htll:e-max (htll:c-encode-length walk (cadr len) start) (htll:c-encode-length walk (caddr len) start)))
    (else (error "htll: not a length" len))))

(define (htll:c-axis-of attr) (if (memq attr '(leading trailing centerX width)) 'x 'y))

(define (htll:c-inexpressible walk what) (htll:c-refuse! walk #f what))

;; The expression E, a length from START along AXIS, as a constraint length.
(define (htll:c-decode-length walk e start axis)
  (cond ((htll:c-wrap? e) 'wrap)
        ((htll:e-constant? e) (htll:c-const-length (htll:e-number e)))
        ((let ((terms (htll:filter cdr e)))
           (and (null? (cdr terms)) (htll:c-anchor-atom? (cdar terms)) (memq (cdr (cadr (cdar terms))) '(width height))
                (htll:c-dim-length (caar terms) (cadr (cdar terms)) (htll:e-number (htll:filter (lambda (t) (not (cdr t))) e))))))
        (else (htll:c-end-length (htll:c-decode-pos walk (htll:e+ (htll:c-encode-pos walk start) e) axis)))))

;; The expression E, a position along AXIS: a sum whose anchors' coefficients add up to 1.
(define (htll:c-decode-pos walk e axis)
  (let* ((e (htll:c-unlocal e))
         (positions (htll:filter (lambda (t) (and (htll:c-anchor-atom? (cdr t)) (not (memq (cdr (cadr (cdr t))) '(width height))))) e)))
    (for-each (lambda (t)
                (let ((a (cdr t)))
                  (cond ((or (not a) (htll:c-anchor-atom? a) (eq? (car a) 'max)) #f)
                        ((eq? (car a) 'if<=) (htll:c-inexpressible walk "a choice made at run time (if<=)"))
                        (else (htll:c-inexpressible walk (string-append "a length that follows " (symbol->string (car a))))))))
              e)
    (for-each (lambda (t) (if (not (eq? (htll:c-axis-of (cdr (cadr (cdr t)))) axis))
                              (htll:c-inexpressible walk (string-append "an area's " (symbol->string axis) " from a position on the other axis"))))
              positions)
    (if (or (null? positions) (> (abs (- 1 (apply + (map car positions)))) htll:epsilon))
        (htll:c-inexpressible walk "a position that is no anchor plus lengths (its anchors' coefficients do not add up to 1)"))
    (let* ((base (cons (cadr (cdar positions)) 0))
           (b (htll:c-encode-pos walk base)))
      (let loop ((ts e) (p base))
        (if (null? ts)
            p
            (let ((k (caar ts)) (a (cdar ts)))
              (loop (cdr ts)
                    (cond ((not a) (htll:c-pos+ p k))
                          ((eq? a (cdar positions))
                           ;; The base's own term: k - 1 of it is stated by the other positions' differences.
                           p)
                          ((htll:c-anchor-atom? a)
                           (let ((len (if (memq (cdr (cadr a)) '(width height))
                                          (htll:c-dim-length k (cadr a) 0)
                                          ;; k times (this position - the base)
                                          (let ((d (htll:c-dim-of walk base (htll:c-end-length (cons (cadr a) 0)) axis)))
                                            (if (eq? (htll:c-length-kind d) 'dim) (htll:c-scale d k) d)))))
                             (htll:c-end-of walk p len axis)))
                          ((and (eq? (car a) 'max) (= k 1))
                           (htll:c-end-of walk p (htll:c-longer (htll:c-decode-length walk (cadr a) p axis) (htll:c-decode-length walk (caddr a) p axis)) axis))
                          (else (htll:c-inexpressible walk "a multiple of the larger of two lengths"))))))))))

;; E with its locals (computed-once) replaced by what they stand for.
(define (htll:c-unlocal e)
  (if (htll:any (lambda (t) (and (cdr t) (eq? (car (cdr t)) 'local))) e)
      (htll:e-sum-list (map (lambda (t) (if (and (cdr t) (eq? (car (cdr t)) 'local))
                                            (htll:e* (htll:c-unlocal (htll:local-expression (cdr t))) (car t))
                                            (list t)))
                            e))
      e))

;;; Reading the constraints: names and the JSON of `htll frames --constraints`.

;; The name the output gives ITEM (NAME-OF names views).
(define (htll:c-item-name item name-of)
  (cond ((htll:view? item) (name-of item))
        ((string? item) item)
        ((vector? item) (string-append "htllGuide" (number->string (vector-ref item 1))))
        ((and (pair? item) (eq? (car item) 'safe-area)) (string-append (cadr item) ".safeAreaLayoutGuide"))
        (else (error "htll: not a constraint item" item))))


;; The constraint as text: "a.top == b.bottom + 8", "a.width == 0.5 * b.width", "a.height >= 20 @999".
(define (htll:c-text c name-of)
  (let* ((item2 (list-ref c 4)) (k (list-ref c 3)) (k0 (list-ref c 6)) (prio (list-ref c 7))
         (right (cond ((not item2) (htll:number->c k0))
                      (else (string-append (if (= k 1) "" (string-append (htll:number->c k) " * "))
                                           (htll:c-item-name item2 name-of) "." (symbol->string (list-ref c 5))
                                           (cond ((= k0 0) "") ((< k0 0) (string-append " - " (htll:number->c (- k0))))
                                                 (else (string-append " + " (htll:number->c k0)))))))))
    (string-append (htll:c-item-name (car c) name-of) "." (symbol->string (cadr c))
                   " " (symbol->string (caddr c)) " " right
                   (if (< prio htll:c-required) (string-append " @" (number->string prio)) ""))))
