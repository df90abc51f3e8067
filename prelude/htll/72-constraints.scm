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

(define (htll:c-lead axis) (if (eq? axis 'x) 'leading 'top))
(define (htll:c-trail axis) (if (eq? axis 'x) 'trailing 'bottom))
(define (htll:c-dim axis) (if (eq? axis 'x) 'width 'height))
(define (htll:c-mid axis) (if (eq? axis 'x) 'centerX 'centerY))
(define (htll:c-other axis) (if (eq? axis 'x) 'y 'x))

(define (htll:c-pos item attr c) (cons (cons item attr) c))
(define (htll:c-pos+ p c) (cons (car p) (+ (cdr p) c)))
(define (htll:c-dim-length k anchor c) (list 'dim k anchor c))
(define (htll:c-const-length c) (list 'dim 0 #f c))
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
(define htll:c-high 999)

;; The kinds whose UIKit class has an intrinsic content size on an axis; the others get their
;; measured size as a constant where they wrap (a UIView, a scroll view, an image view).
(define (htll:c-intrinsic? kind axis)
  (cond ((memq kind '(label text-field segmented-control)) #t)
        ((eq? (htll:kind-parent kind) 'button) #t)
        ((eq? kind 'slider) (eq? axis 'y))
        (else #f)))

;; The constraints of ROOT as an htll:c-state. HIDDEN? (optional) says whether a view that
;; collapses while hidden (collapse-when-hidden) is hidden: by default its hidden attribute, as
;; htll frames has it; the generated code states a set for each combination (74-constraint-branches.scm).
(define (htll:constraints root . hidden?)
  (let* ((parent (htll:root-parent root))
         (hidden-view? (if (pair? hidden?) (car hidden?) (lambda (v) (and (htll:view-attribute v 'hidden) #t))))
         (base (if (htll:safe-area-root? root) (list 'safe-area parent) parent))
         (st (htll:make-c-state root base '() '() (make-eq-hash-table) '()))
         (location (htll:root-location root)))
    ;; A child of a sequence that takes no length, gap or share: it collapses and is hidden.
    ;; It is still placed where it would start, at the length the sequence gives it (its frame
    ;; in htll frames), and the next child starts there.
    (define (collapsed? c) (and (htll:collapse-node? c) (hidden-view? (htll:collapsed-view c))))
    (define (shown-count cs) (length (htll:filter (lambda (c) (not (collapsed? c))) cs)))
    ;; Inside a define-primitive node (lay-primitive), a refusal names the primitive, where it is called.
    (define primitive #f)
    (define (refuse! loc what)
      (htll:error-at (or (and primitive (htll:node-location primitive)) loc (htll:root-location root))
                     (string-append "--constraints: "
                                    (if primitive (string-append (symbol->string (htll:node-op primitive)) ": ") "")
                                    what " cannot be stated as Auto Layout constraints")))
    ;; (right-to-left 'fixed), unless compiled with --rtl: the layout keeps its sides in
    ;; right-to-left languages, so horizontal anchors are left and right.
    (define fixed-sides (and (htll:rtl-fixed?) (not htll:emit-rtl)))
    (define (side attr)
      (if fixed-sides (case attr ((leading) 'left) ((trailing) 'right) (else attr)) attr))
    (define (add! item attr rel k item2 attr2 c prio)
      (htll:set-c-state-constraints! st (cons (list item (side attr) rel k item2 (and attr2 (side attr2)) c prio location)
                                              (htll:c-state-constraints st))))
    ;; ITEM.ATTR RELATION the position P.
    (define (pos! item attr p . rel+prio)
      (let ((rel (if (pair? rel+prio) (car rel+prio) '==))
            (prio (if (and (pair? rel+prio) (pair? (cdr rel+prio))) (cadr rel+prio) htll:c-required)))
        (add! item attr rel 1 (caar p) (cdar p) (cdr p) prio)))
    ;; ITEM's length along AXIS, which starts at START, is LEN (a dim or an end).
    (define (len! item axis start len . rel+prio)
      (let ((rel (if (pair? rel+prio) (car rel+prio) '==))
            (prio (if (and (pair? rel+prio) (pair? (cdr rel+prio))) (cadr rel+prio) htll:c-required)))
        (case (htll:c-length-kind len)
          ((dim) (let ((k (cadr len)) (a (caddr len)) (c (cadddr len)))
                   (if (or (not a) (= k 0))
                       (add! item (htll:c-dim axis) rel 1 #f #f c prio)
                       (add! item (htll:c-dim axis) rel k (car a) (cdr a) c prio))))
          ((end) (pos! item (htll:c-trail axis) (cadr len) rel prio))
          (else (error "htll: not a length" len)))))
    ;; A new guide, its place along AXIS set by the caller; across it is pinned to the base (a
    ;; guide nobody positions there would leave the layout ambiguous).
    (define (guide! axis)
      (let* ((g (vector 'guide (+ 1 (length (htll:c-state-guides st)))))
             (o (htll:c-other axis)))
        (htll:set-c-state-guides! st (cons g (htll:c-state-guides st)))
        (pos! g (htll:c-lead o) (htll:c-pos base (htll:c-lead o) 0))
        (add! g (htll:c-dim o) '== 1 #f #f 0 htll:c-required)
        g))
    ;; The position START + LEN along AXIS.
    (define (end-of start len axis)
      (case (htll:c-length-kind len)
        ((end) (cadr len))
        ((dim)
         (let ((k (cadr len)) (a (caddr len)) (c (cadddr len)) (s (car start)))
           (cond ((or (not a) (= k 0)) (htll:c-pos+ start c))
                 ((and (htll:c-item=? (car s) (car a)) (eq? (cdr s) (htll:c-lead axis))
                       (eq? (cdr a) (htll:c-dim axis)) (memv k '(1 1.0 0.5)))
                  (htll:c-pos (car s) (if (= k 1) (htll:c-trail axis) (htll:c-mid axis)) (+ (cdr start) c)))
                 (else (let ((g (guide! axis)))
                         (pos! g (htll:c-lead axis) start)
                         (len! g axis start len)
                         (htll:c-pos g (htll:c-trail axis) 0))))))
        ((max)
         (let ((g (guide! axis)) (e1 (end-of start (cadr len) axis)) (e2 (end-of start (caddr len) axis)))
           (pos! g (htll:c-lead axis) start)
           (pos! g (htll:c-trail axis) e1 '>=)
           (pos! g (htll:c-trail axis) e2 '>=)
           ;; As short as the longer of the two: the least width the two inequalities allow.
           (add! g (htll:c-dim axis) '== 1 #f #f 0 htll:c-high)
           (htll:c-pos g (htll:c-trail axis) 0)))
        (else (error "htll: not a length" len))))
    ;; LEN as a dim (K * ANCHOR + C) for a length starting at START.
    (define (dim-of start len axis)
      (case (htll:c-length-kind len)
        ((dim) len)
        ((end)
         (let ((p (cadr len)))
           (cond ((and (htll:c-item=? (caar p) (caar start)) (eq? (cdar start) (htll:c-lead axis))
                       (eq? (cdar p) (htll:c-trail axis)))
                  (htll:c-dim-length 1 (cons (caar p) (htll:c-dim axis)) (- (cdr p) (cdr start))))
                 ((and (htll:c-item=? (caar p) (caar start)) (eq? (cdar p) (cdar start)))
                  (htll:c-const-length (- (cdr p) (cdr start))))
                 (else (let ((g (guide! axis)))
                         (pos! g (htll:c-lead axis) start)
                         (pos! g (htll:c-trail axis) p)
                         (htll:c-dim-length 1 (cons g (htll:c-dim axis)) 0))))))
        ((max) (dim-of start (htll:c-end-length (end-of start len axis)) axis))
        (else (error "htll: not a length" len))))
    (define (scale len k) (htll:c-dim-length (* (cadr len) k) (caddr len) (* (cadddr len) k)))
    ;; LEN less LEAD at its start and TRAIL at its end (an inset): an end moves by TRAIL only.
    (define (shorten len lead trail)
      (case (htll:c-length-kind len)
        ((wrap) len)
        ((dim) (htll:c-dim-length (cadr len) (caddr len) (- (cadddr len) lead trail)))
        (else (htll:c-end-length (htll:c-pos+ (cadr len) (- trail))))))
    (define (longer a b) (list 'max a b))
    (define (wrap? len) (eq? len 'wrap))
    ;; Priorities of VIEW's content size: (hug-x hug-y compress-x compress-y), UIKit's defaults.
    (define (priorities v)
      (or (hash-table-ref/default (htll:c-state-views st) v #f)
          (let ((p (vector 250 250 750 750)))
            (hash-table-set! (htll:c-state-views st) v p)
            p)))
    (define (set-priority! v axis hug compress)
      (let ((p (priorities v)) (i (if (eq? axis 'x) 0 1)))
        (vector-set! p i hug)
        (vector-set! p (+ i 2) compress)))
    ;; VIEW at its own length along AXIS (HOW: exact, or (min B) / (max B) for min-size / max-size):
    ;; its intrinsic content size, or its measured size as a constant.
    (define (wrap-view! v axis how)
      (let ((bound (and (pair? how) (cadr how))))
        (if (htll:c-intrinsic? (htll:view-kind v) axis)
            (cond ((not bound) (set-priority! v axis htll:c-required htll:c-required))
                  ((eq? (car how) 'min)
                   (set-priority! v axis htll:c-high htll:c-required)
                   (add! v (htll:c-dim axis) '>= 1 #f #f bound htll:c-required))
                  (else
                   (set-priority! v axis htll:c-required htll:c-high)
                   (add! v (htll:c-dim axis) '<= 1 #f #f bound htll:c-required)))
            (let* ((m (htll:measure v)) (own (if (eq? axis 'x) (car m) (cdr m))))
              (add! v (htll:c-dim axis) '== 1 #f #f
                    (cond ((not bound) own) ((eq? (car how) 'min) (max own bound)) (else (min own bound)))
                    htll:c-required)))))
    ;; Every view is constrained once (htllc's "last frame wins" has no constraint form).
    (define (place! v)
      (if (hash-table-ref/default (htll:c-state-views st) v #f)
          (refuse! (htll:view-location v) "a view placed twice"))
      (priorities v)
      (htll:set-c-state-placed! st (cons v (htll:c-state-placed st)))
      (set! location (htll:view-location v)))
    ;; The position P RELATION the position Q.
    (define (pos-eq! p q . rel+prio)
      (apply pos! (caar p) (cdar p) (htll:c-pos+ q (- (cdr p))) rel+prio))
    (define (fixed-size v)
      (let ((s (htll:view-attribute v 'size))) (and s (htll:resource-args s))))
    ;; Lays X out at LEFT, TOP in W x H; returns the lengths it occupies (x-length . y-length).
    (define (lay x left top w h)
      (let ((saved location))
        (let ((r (cond ((htll:view? x) (lay-view x left top w h))
                       ((htll:node? x) (set! location (htll:node-location x)) (lay-node x left top w h))
                       (else (error "htll: not a layout" x)))))
          (set! location saved)
          r)))
    ;; While measuring (DRY), lengths are computed but no view is constrained: what a node
    ;; occupies at its own size, which the frame solver measures before placing it.
    (define dry #f)
    (define (measure x left top w h)
      (let ((saved dry))
        (set! dry #t)
        (let ((r (lay x left top w h))) (set! dry saved) r)))
    (define (clamp? len) (and (pair? len) (eq? (car len) 'clamp)))
    ;; The length view V occupies along AXIS when measured in LEN: the area's, or its own as a
    ;; constant (its intrinsic size is no anchor while the view may be stretched elsewhere).
    (define (measured-length v axis len)
      (let ((fixed (fixed-size v)))
        (cond (fixed (htll:c-const-length (if (eq? axis 'x) (car fixed) (cadr fixed))))
              ((or (wrap? len) (clamp? len))
               (if (htll:c-intrinsic? (htll:view-kind v) axis)
                   (refuse! (htll:view-location v) "the measured size of a layout holding a view sized by its content"))
               (let* ((m (htll:measure v)) (own (if (eq? axis 'x) (car m) (cdr m))))
                 (htll:c-const-length (cond ((wrap? len) own)
                                            ((eq? (cadr len) 'min) (max own (caddr len)))
                                            (else (min own (caddr len)))))))
              (else len))))
    (define (lay-view v left top w h)
      (if dry
          (cons (measured-length v 'x w) (measured-length v 'y h))
          (place-view v left top w h)))
    ;; LEFT or TOP #f: the caller constrains the view's other edge (its trailing end, its
    ;; baseline) instead, after placing it.
    (define (place-view v left top w h)
      (place! v)
      (if left (pos! v 'leading left))
      (if top (pos! v 'top top))
      (let ((fixed (fixed-size v)))
        (if fixed
            (begin (add! v 'width '== 1 #f #f (car fixed) htll:c-required)
                   (add! v 'height '== 1 #f #f (cadr fixed) htll:c-required))
            (for-each (lambda (axis len start)
                        (cond ((wrap? len) (wrap-view! v axis 'exact))
                              ((clamp? len) (wrap-view! v axis (cdr len)))
                              (else (len! v axis start len))))
                      '(x y) (list w h) (list left top))))
      (cons (htll:c-end-length (htll:c-pos v 'trailing 0)) (htll:c-end-length (htll:c-pos v 'bottom 0))))
    ;; Lays X out along AXIS from START, LEN long, across from OSTART, OLEN long; returns
    ;; (along . across) lengths.
    (define (lay-along x axis start len ostart olen)
      (if (eq? axis 'x)
          (lay x start ostart len olen)
          (let ((o (lay x ostart start olen len))) (cons (cdr o) (car o)))))
    (define (pack axis along across) (if (eq? axis 'x) (cons along across) (cons across along)))
    ;; A fixed-size view or a fixed node occupies its own length whatever its area.
    (define (own-length? x)
      (or (and (htll:view? x) (fixed-size x)) (and (htll:node? x) (eq? (htll:node-op x) 'fixed))))
    ;; A row (column) whose height (width) wraps, with children at their own heights aligned
    ;; across it, is as high as its highest child (the frame solver measures it, then lays it
    ;; out at that height): a guide from the row's top, at least as high as each aligned child
    ;; (lay-align) and otherwise as short as it can be, is the height they align in.
    (define (lay-node x left top w h)
      (let* ((cross (if (memq (htll:node-op x) htll:horizontal-ops) 'y 'x))
             (cross-len (if (eq? cross 'y) h w)))
        (if (and (not dry) (wrap? cross-len)
                 (htll:any (lambda (c) (and (htll:align-node? c) (memq (cadr (htll:node-params c)) '(start center end))))
                           (htll:node-children x)))
            (let ((g (guide! cross)))
              (pos! g (htll:c-lead cross) (if (eq? cross 'y) top left))
              (add! g (htll:c-dim cross) '== 1 #f #f 0 htll:c-high)
              (hash-table-set! row-guides g #t)
              (let* ((len (htll:c-dim-length 1 (cons g (htll:c-dim cross)) 0))
                     (o (if (eq? cross 'y) (lay-op x left top w len) (lay-op x left top len h)))
                     (extent (htll:c-end-length (htll:c-pos g (htll:c-trail cross) 0))))
                (if (eq? cross 'y) (cons (car o) extent) (cons extent (cdr o)))))
            (lay-op x left top w h))))
    ;; The guide of the aligned row LEN is the height (width) of, or #f.
    (define (row-guide len axis)
      (and (eq? (htll:c-length-kind len) 'dim) (= (cadr len) 1) (= (cadddr len) 0) (caddr len)
           (eq? (cdr (caddr len)) (htll:c-dim axis))
           (hash-table-ref/default row-guides (car (caddr len)) #f)
           (car (caddr len))))
    (define row-guides (make-eq-hash-table))
    (define (lay-op x left top w h)
      (let ((cs (htll:node-children x)) (ps (htll:node-params x)) (loc (htll:node-location x)))
        (case (htll:node-op x)
          ((blank) (cons (if (wrap? w) (htll:c-const-length 0) w) (if (wrap? h) (htll:c-const-length 0) h)))
          ((above) (split-ratio (car cs) (cadr cs) (car ps) 'y left top w h))
          ((beside) (split-ratio (car cs) (cadr cs) (car ps) 'x left top w h))
          ((^^) (split-wrap (car cs) (cadr cs) (car ps) 'y #t left top w h loc))
          ((vv) (split-wrap (car cs) (cadr cs) (car ps) 'y #f left top w h loc))
          ((<<) (split-wrap (car cs) (cadr cs) (car ps) 'x #t left top w h loc))
          ((>>) (split-wrap (car cs) (cadr cs) (car ps) 'x #f left top w h loc))
          ((center) (lay-center (car cs) (car ps) (cadr ps) left top w h))
          ((hseq) (lay-seq cs 'x left top w h))
          ((vseq) (lay-seq cs 'y left top w h))
          ((hseq*) (lay-seq* cs (car ps) (cadr ps) 'x left top w h))
          ((vseq*) (lay-seq* cs (car ps) (cadr ps) 'y left top w h))
          ((fixed) (lay (car cs) left top (htll:c-const-length (car ps)) (htll:c-const-length (cadr ps)))
                   (cons (htll:c-const-length (car ps)) (htll:c-const-length (cadr ps))))
          ((inset) (lay-inset (car cs) ps left top w h))
          ((aspect) (lay-aspect (car cs) (car ps) left top w h loc))
          ((min-size) (lay-clamp (car cs) (car ps) (cadr ps) 'min left top w h loc))
          ((max-size) (lay-clamp (car cs) (car ps) (cadr ps) 'max left top w h loc))
          ;; Where no sequence holds it, the view in the whole area.
          ((collapse) (lay (car cs) left top w h))
          ((align) (if (eq? (cadr ps) 'baseline)
                       (lay-baseline (car cs) (caddr ps) left top w h)
                       (lay-align (car cs) (car ps) (cadr ps) left top w h)))
          (else (if (htll:node-layout x)
                    (lay-primitive x left top w h)
                    (refuse! loc (string-append "the layout " (symbol->string (htll:node-op x)))))))))
    ;; A define-primitive node (52-primitive-protocol.scm): its area procedure runs on symbolic
    ;; lengths that stand for anchors (c-anchor atoms), and what it returns, linear in them, is
    ;; read back as positions and lengths: a sum of anchors times numbers becomes guides where no
    ;; one anchor states it. A choice made at run time (if<=), a max or min of lengths that are
    ;; not what a child occupies, or a measured size of a view sized by its content is refused,
    ;; naming the primitive.
    (define (lay-primitive x left top w h)
      (let ((saved primitive))
        (set! primitive x)
        (let* ((l (encode-pos left)) (t (encode-pos top))
               (extent (htll:place-primitive
                        x (htll:node-layout x) l t (encode-length w left) (encode-length h top)
                        (lambda (c cx cy cw ch)
                          (let* ((px (decode-pos cx 'x)) (py (decode-pos cy 'y))
                                 (cw (decode-length cw px 'x)) (ch (decode-length ch py 'y))
                                 ;; What goes wrong inside a child is the child's.
                                 (o (begin (set! primitive #f) (lay c px py cw ch))))
                            (set! primitive x)
                            (cons (encode-length (car o) px) (encode-length (cdr o) py))))
                        (lambda (c cw ch)
                          (let ((o (measure c left top (decode-length cw left 'x) (decode-length ch top 'y))))
                            (cons (encode-length (car o) left) (encode-length (cdr o) top))))
                        (lambda (pos start) #f)))
               (r (cons (if (wrap? w) (decode-length (car extent) left 'x) w)
                        (if (wrap? h) (decode-length (cdr extent) top 'y) h))))
          (set! primitive saved)
          r)))
    ;; One atom per anchor, so that sums of the same anchor add up.
    (define anchor-atoms '())
    (define (anchor-atom anchor)
      (let find ((as anchor-atoms))
        (cond ((null? as)
               (let ((a (list 'c-anchor anchor)))
                 (set! anchor-atoms (cons a anchor-atoms))
                 a))
              ((and (htll:c-item=? (car (cadar as)) (car anchor)) (eq? (cdr (cadar as)) (cdr anchor))) (car as))
              (else (find (cdr as))))))
    (define (anchor-atom? a) (and (pair? a) (eq? (car a) 'c-anchor)))
    (define (encode-pos p) (htll:e+ (htll:e-atom (anchor-atom (car p))) (htll:e-const (cdr p))))
    ;; LEN (from the position START) as an expression; 'wrap stays.
    (define (encode-length len start)
      (case (htll:c-length-kind len)
        ((wrap) 'wrap)
        ((dim) (if (or (not (caddr len)) (= (cadr len) 0))
                   (htll:e-const (cadddr len))
                   (htll:e+ (htll:e* (htll:e-atom (anchor-atom (caddr len))) (cadr len)) (htll:e-const (cadddr len)))))
        ((end) (htll:e- (encode-pos (cadr len)) (encode-pos start)))
        ((max) (htll:e-max (encode-length (cadr len) start) (encode-length (caddr len) start)))
        (else (error "htll: not a length" len))))
    (define (axis-of attr) (if (memq attr '(leading trailing centerX width)) 'x 'y))
    (define (inexpressible what) (refuse! #f what))
    ;; The expression E, a length from START along AXIS, as a constraint length.
    (define (decode-length e start axis)
      (cond ((wrap? e) 'wrap)
            ((htll:e-constant? e) (htll:c-const-length (htll:e-number e)))
            ((let ((terms (htll:filter cdr e)))
               (and (null? (cdr terms)) (anchor-atom? (cdar terms)) (memq (cdr (cadr (cdar terms))) '(width height))
                    (htll:c-dim-length (caar terms) (cadr (cdar terms)) (htll:e-number (htll:filter (lambda (t) (not (cdr t))) e))))))
            (else (htll:c-end-length (decode-pos (htll:e+ (encode-pos start) e) axis)))))
    ;; The expression E, a position along AXIS: a sum whose anchors' coefficients add up to 1.
    (define (decode-pos e axis)
      (let* ((e (unlocal e))
             (positions (htll:filter (lambda (t) (and (anchor-atom? (cdr t)) (not (memq (cdr (cadr (cdr t))) '(width height))))) e)))
        (for-each (lambda (t)
                    (let ((a (cdr t)))
                      (cond ((or (not a) (anchor-atom? a) (eq? (car a) 'max)) #f)
                            ((eq? (car a) 'if<=) (inexpressible "a choice made at run time (if<=)"))
                            (else (inexpressible (string-append "a length that follows " (symbol->string (car a))))))))
                  e)
        (for-each (lambda (t) (if (not (eq? (axis-of (cdr (cadr (cdr t)))) axis))
                                  (inexpressible (string-append "an area's " (symbol->string axis) " from a position on the other axis"))))
                  positions)
        (if (or (null? positions) (> (abs (- 1 (apply + (map car positions)))) htll:epsilon))
            (inexpressible "a position that is no anchor plus lengths (its anchors' coefficients do not add up to 1)"))
        (let* ((base (cons (cadr (cdar positions)) 0))
               (b (encode-pos base)))
          (let loop ((ts e) (p base))
            (if (null? ts)
                p
                (let ((k (caar ts)) (a (cdar ts)))
                  (loop (cdr ts)
                        (cond ((not a) (htll:c-pos+ p k))
                              ((eq? a (cdar positions))
                               ;; The base's own term: k - 1 of it is stated by the other positions' differences.
                               p)
                              ((anchor-atom? a)
                               (let ((len (if (memq (cdr (cadr a)) '(width height))
                                              (htll:c-dim-length k (cadr a) 0)
                                              ;; k times (this position - the base)
                                              (let ((d (dim-of base (htll:c-end-length (cons (cadr a) 0)) axis)))
                                                (if (eq? (htll:c-length-kind d) 'dim) (scale d k) d)))))
                                 (end-of p len axis)))
                              ((and (eq? (car a) 'max) (= k 1))
                               (end-of p (longer (decode-length (cadr a) p axis) (decode-length (caddr a) p axis)) axis))
                              (else (inexpressible "a multiple of the larger of two lengths"))))))))))
    ;; E with its locals (computed-once) replaced by what they stand for.
    (define (unlocal e)
      (if (htll:any (lambda (t) (and (cdr t) (eq? (car (cdr t)) 'local))) e)
          (htll:e-sum-list (map (lambda (t) (if (and (cdr t) (eq? (car (cdr t)) 'local))
                                                (htll:e* (unlocal (htll:local-expression (cdr t))) (car t))
                                                (list t)))
                                e))
          e))
    ;; Both children at their own length along AXIS, MARGIN apart.
    (define (stack a b margin axis start ostart olen)
      (let* ((oa (lay-along a axis start 'wrap ostart olen))
             (bstart (if (collapsed? a) start (htll:c-pos+ (end-of start (car oa) axis) margin)))
             (ob (lay-along b axis bstart 'wrap ostart olen)))
        (cons (htll:c-end-length (end-of bstart (car ob) axis))
              (if (wrap? olen) (longer (cdr oa) (cdr ob)) olen))))
    (define (split-ratio a b ratio axis left top w h)
      (let ((start (if (eq? axis 'x) left top)) (len (if (eq? axis 'x) w h))
            (ostart (if (eq? axis 'x) top left)) (olen (if (eq? axis 'x) h w)))
        (if (wrap? len)
            (pack-result axis (stack a b 0 axis start ostart olen))
            (let* ((d (dim-of start len axis))
                   (oa (lay-along a axis start (scale d ratio) ostart olen))
                   (ob (lay-along b axis (end-of start (car oa) axis) (scale d (- 1 ratio)) ostart olen)))
              (pack axis len (if (wrap? olen) (longer (cdr oa) (cdr ob)) olen))))))
    (define (split-wrap a b margin axis first-wraps? left top w h loc)
      (let ((start (if (eq? axis 'x) left top)) (len (if (eq? axis 'x) w h))
            (ostart (if (eq? axis 'x) top left)) (olen (if (eq? axis 'x) h w)))
        (pack-result
         axis
         (cond
          ((wrap? len) (stack a b margin axis start ostart olen))
          (first-wraps?
           (let* ((oa (lay-along a axis start 'wrap ostart olen))
                  ;; A collapsed (hidden): B in its place, the whole length.
                  (ob (if (collapsed? a)
                          (lay-along b axis start len ostart olen)
                          (lay-along b axis (htll:c-pos+ (end-of start (car oa) axis) margin)
                                     (htll:c-end-length (end-of start len axis)) ostart olen))))
             (cons len (if (wrap? olen) (longer (cdr oa) (cdr ob)) olen))))
          ;; A at its own length, or B collapsed (hidden): A the whole length, B after it up to the end.
          ((or (own-length? a) (collapsed? b))
           (let* ((oa (lay-along a axis start len ostart olen))
                  (ob (lay-along b axis (htll:c-pos+ (end-of start (car oa) axis) margin)
                                 (htll:c-end-length (end-of start len axis)) ostart olen)))
             (cons len (if (wrap? olen) (longer (cdr oa) (cdr ob)) olen))))
          ((and (aligned-view b) (not dry))
           ;; B at its own length, ending where the area ends; A up to B, less the margin.
           (let* ((v (aligned-view b))
                  (end (end-of start len axis))
                  (ob (lay-along b axis #f 'wrap ostart olen))
                  (oa (begin (pos! v (htll:c-trail axis) end)
                             (lay-along a axis start (htll:c-end-length (htll:c-pos v (htll:c-lead axis) (- margin))) ostart olen))))
             (cons len (if (wrap? olen) (longer (cdr oa) (cdr ob)) olen))))
          (else
           ;; B's own length measured, in a guide that ends where the area ends; A up to that
           ;; guide less the margin; B after A, up to the area's end.
           (let* ((mb (car (measure-along b axis start 'wrap ostart olen)))
                  (end (end-of start len axis))
                  (g (guide! axis))
                  (oa (begin (pos! g (htll:c-trail axis) end)
                             (len! g axis start (dim-of start mb axis))
                             (lay-along a axis start (htll:c-end-length (htll:c-pos g (htll:c-lead axis) (- margin))) ostart olen)))
                  (ob (lay-along b axis (htll:c-pos+ (end-of start (car oa) axis) margin) (htll:c-end-length end) ostart olen)))
             (cons len (if (wrap? olen) (longer (cdr oa) (cdr ob)) olen))))))))
    (define (measure-along x axis start len ostart olen)
      (let ((saved dry))
        (set! dry #t)
        (let ((r (lay-along x axis start len ostart olen))) (set! dry saved) r)))
    (define (pack-result axis r) (pack axis (car r) (cdr r)))
    ;; The view X is, or holds through alignments or collapse-when-hidden (laid out with a free
    ;; leading or top), or #f.
    (define (aligned-view x)
      (cond ((htll:view? x) x)
            ((or (htll:align-node? x) (htll:collapse-node? x)) (aligned-view (car (htll:node-children x))))
            (else #f)))
    ;; A guide along AXIS from the position FROM (the free length before or after a child).
    (define (spacer! axis from)
      (let ((g (guide! axis))) (pos! g (htll:c-lead axis) from) g))
    ;; C at its own length across a sequence (VERTICAL? #t: up and down, in a row), at the start,
    ;; centre or end of the area (MODE), the free length in guides; 'fill, or an area that wraps
    ;; itself, gives it the area's. In a row that wraps (lay-node's guide) C also keeps the row at
    ;; least as high as itself.
    (define (lay-align c vertical? mode left top w h)
      (let* ((axis (if vertical? 'y 'x))
             (start (if vertical? top left)) (len (if vertical? h w))
             (ostart (if vertical? left top)) (olen (if vertical? w h)))
        (cond
         ((or (eq? mode 'fill) (wrap? len)) (lay c left top w h))
         (dry (pack axis len (cdr (lay-along c axis start 'wrap ostart olen))))
         (else
          (let* ((row (row-guide len axis))
                 (dim (htll:c-dim axis))
                 (area-end (end-of start len axis))
                 (before (and (memq mode '(center end)) (spacer! axis start)))
                 (from (if before (htll:c-pos before (htll:c-trail axis) 0) start))
                 (o (lay-along c axis from 'wrap ostart olen))
                 (end (end-of from (car o) axis)))
            (case mode
              ((start) (if row (pos! row (htll:c-trail axis) end '>=)))
              ((end) (pos-eq! end area-end))
              (else (let ((after (spacer! axis end)))
                      (pos! after (htll:c-trail axis) area-end)
                      (add! after dim '== 1 before dim 0 htll:c-required))))
            (if (and row before) (add! before dim '>= 1 #f #f 0 htll:c-required))
            (pack axis len (cdr o)))))))
    ;; In a row aligned on 'baseline: C at its own height, its first baseline on the row's
    ;; baseline, a guide from the row's top as deep as the deepest member's ascent (each member's
    ;; top at or below the row's, the guide otherwise as short as it can be), as the frame solver
    ;; puts them. A label's, text field's or button's first baseline is its firstBaselineAnchor
    ;; (the solver's htll:e-baseline-depth); any other view's is its bottom (UIKit would take a view
    ;; without text by its top); a row aligned on 'baseline has its own, which lies on this one.
    (define (lay-baseline c group left top w h)
      (define (result o) (cons (car o) (if (wrap? h) (cdr o) h)))
      (cond
       (dry (if (wrap? h) (refuse! location "the measured height of a row aligned on 'baseline"))
            (cons (car (lay c left top w 'wrap)) h))
       (else
        (let ((line (htll:c-pos (baseline-guide group top) 'bottom 0)) (v (aligned-view c)))
          (if v
              (let ((o (lay c left #f w 'wrap)))
                (pos! v 'top top '>=)
                (pos! v (if (htll:baseline-view? v) 'firstBaseline 'bottom) line)
                (result o))
              (let* ((before (spacer! 'y top))
                     (from (htll:c-pos before 'bottom 0))
                     (o (lay c left from w 'wrap))
                     (inner (htll:baseline-row-group c)))
                (add! before 'height '>= 1 #f #f 0 htll:c-required)
                (if inner
                    (pos! (baseline-guide inner #f) 'bottom line)
                    (pos-eq! (end-of from (cdr o) 'y) line))
                (result o)))))))
    ;; The guide from the top of the row of GROUP down to its baseline (made at TOP the first time).
    (define baseline-guides (make-eq-hash-table))
    (define (baseline-guide group top)
      (or (hash-table-ref/default baseline-guides group #f)
          (let ((g (spacer! 'y top)))
            (add! g 'height '== 1 #f #f 0 htll:c-high)
            (hash-table-set! baseline-guides group g)
            g)))
    (define (lay-center c hr vr left top w h)
      (define (inner start len r axis)
        (if (wrap? len)
            (cons start len)
            (let ((d (dim-of start len axis)))
              (cons (end-of start (scale d r) axis) (scale d (- 1 (* 2 r)))))))
      (let* ((x (inner left w hr 'x)) (y (inner top h vr 'y))
             (o (lay c (car x) (car y) (cdr x) (cdr y))))
        ;; A wrapped axis keeps the area's start, so the child's length is the centre's.
        (cons (if (wrap? w) (car o) w) (if (wrap? h) (cdr o) h))))
    ;; Lays CS one after the other along AXIS from START, child C LENGTH-OF(C) long, GAP-AFTER
    ;; between; returns (the position after the last . the longest across length or #f), and
    ;; leaves in run-last-shown the far end of the last child that does not collapse (or #f).
    ;; A collapsed child takes no length, no gap and nothing across.
    (define run-last-shown #f)
    (define (run cs axis start length-of gap ostart olen)
      (let loop ((cs cs) (pos start) (across #f) (last-shown #f))
        (if (null? cs)
            (begin (set! run-last-shown last-shown) (cons pos across))
            (let* ((o (lay-along (car cs) axis pos (length-of (car cs)) ostart olen)))
              (if (collapsed? (car cs))
                  (loop (cdr cs) pos across last-shown)
                  (let ((next (end-of pos (car o) axis)))
                    (loop (cdr cs) (if (null? (cdr cs)) next (gap next)) (if across (longer across (cdr o)) (cdr o)) next)))))))
    (define (seq-result axis start len r olen)
      (pack axis (if (wrap? len) (htll:c-end-length (car r)) len) (if (wrap? olen) (or (cdr r) (htll:c-const-length 0)) olen)))
    (define (lay-seq cs axis left top w h)
      (let* ((start (if (eq? axis 'x) left top)) (len (if (eq? axis 'x) w h))
             (ostart (if (eq? axis 'x) top left)) (olen (if (eq? axis 'x) h w))
             (share (if (wrap? len) 'wrap (scale (dim-of start len axis) (/ 1.0 (max 1 (shown-count cs))))))
             (r (run cs axis start (lambda (c) share) (lambda (p) p) ostart olen)))
        (seq-result axis start len r olen)))
    (define (lay-seq* cs gap mode axis left top w h)
      (let* ((n (length cs))
             ;; The children shown; a collapsing child hidden takes no share and no gap.
             (collapsing? (htll:any htll:collapse-node? cs))
             (shown (shown-count cs))
             (start (if (eq? axis 'x) left top)) (len (if (eq? axis 'x) w h))
             (ostart (if (eq? axis 'x) top left)) (olen (if (eq? axis 'x) h w))
             (gapped (lambda (p) (htll:c-pos+ p gap))))
        (cond
         ((wrap? len) (seq-result axis start len (run cs axis start (lambda (c) 'wrap) gapped ostart olen) olen))
         ((eq? mode 'fill-equally)
          (let* ((d (dim-of start len axis))
                 (k (max 1 shown))
                 (share (htll:c-dim-length (/ (cadr d) k) (caddr d) (/ (- (cadddr d) (* (- shown 1) gap)) k))))
            (seq-result axis start len (run cs axis start (lambda (c) share) gapped ostart olen) olen)))
         (else
          ;; Children at their own lengths GAP apart; the free length goes into spacer guides:
          ;; before the first, between the children, after the last, as MODE shares it.
          (let* ((area-end (end-of start len axis))
                 (dim (htll:c-dim axis))
                 (spacer (lambda (from) (let ((g (guide! axis))) (pos! g (htll:c-lead axis) from) g)))
                 (same! (lambda (g first k) (add! g dim '== k first dim 0 htll:c-required)))
                 (lead (and (memq mode '(center end space-around space-evenly)) (spacer start)))
                 (first-start (if lead (htll:c-pos lead (htll:c-trail axis) 0) start))
                 (between (and (memq mode '(space-between space-around space-evenly)) (or collapsing? (> n 1))))
                 (spacers '())
                 (r (run cs axis first-start (lambda (c) 'wrap)
                         (lambda (p)
                           (if between
                               (let ((g (spacer p))) (set! spacers (cons g spacers)) (htll:c-pos g (htll:c-trail axis) gap))
                               (gapped p)))
                         ostart olen))
                 ;; Where the last child shown ends (the children after it collapsed).
                 (last-end (or run-last-shown first-start))
                 (spacers (reverse spacers)))
            (case mode
              ((start) #f)
              ((end) (pos-eq! last-end area-end))
              ((center)
               (let ((tail (spacer last-end)))
                 (pos! tail (htll:c-trail axis) area-end)
                 (same! tail lead 1)))
              ((space-between)
               (if (pair? spacers)
                   (begin (add! (car spacers) dim '>= 1 #f #f 0 htll:c-required)
                          (for-each (lambda (g) (same! g (car spacers) 1)) (cdr spacers))
                          ;; One child shown (the others collapsed): the free length follows it.
                          (if (= shown 1)
                              (pos! (car spacers) (htll:c-trail axis) area-end '== htll:c-high)
                              (pos-eq! last-end area-end '== htll:c-high)))))
              ((space-around space-evenly)
               (let ((tail (spacer last-end)))
                 (add! lead dim '>= 1 #f #f 0 htll:c-required)
                 (for-each (lambda (g) (same! g lead (if (eq? mode 'space-around) 2 1))) spacers)
                 (same! tail lead 1)
                 (pos! tail (htll:c-trail axis) area-end '== htll:c-high)))
              (else (error "htll: unknown distribution" mode)))
            (pack axis len (if (wrap? olen) (or (cdr r) (htll:c-const-length 0)) olen)))))))
    (define (lay-inset c ps left top w h)
      (let* ((t (car ps)) (l (cadr ps)) (b (caddr ps)) (r (cadddr ps))
             (o (lay c (htll:c-pos+ left l) (htll:c-pos+ top t) (shorten w l r) (shorten h t b))))
        (cons (if (wrap? w) (htll:c-end-length (htll:c-pos+ (end-of (htll:c-pos+ left l) (car o) 'x) r)) w)
              (if (wrap? h) (htll:c-end-length (htll:c-pos+ (end-of (htll:c-pos+ top t) (cdr o) 'y) b)) h))))
    (define (lay-aspect c ratio left top w h loc)
      (cond
       ((and (wrap? w) (wrap? h))
        (if (and (htll:view? c) (not dry) (not (fixed-size c)))
            ;; The view's own width, its height from that.
            (lay c left top 'wrap (htll:c-dim-length (/ 1.0 ratio) (cons c 'width) 0))
            ;; The child's own width, measured; its height from that.
            (let* ((width (dim-of left (car (measure c left top 'wrap 'wrap)) 'x))
                   (height (scale width (/ 1.0 ratio))))
              (lay c left top width height)
              (cons width height))))
       (else
        (let* ((width (cond ((wrap? w) (scale (dim-of top h 'y) ratio))
                            ((wrap? h) (dim-of left w 'x))
                            (else
                             ;; The smaller of the area's width and its height times RATIO.
                             (let ((g (guide! 'x)) (dw (dim-of left w 'x)) (dh (dim-of top h 'y)))
                               (pos! g 'leading left)
                               (len! g 'x left dw '<=)
                               (len! g 'x left (scale dh ratio) '<=)
                               (len! g 'x left dw '== htll:c-high)
                               (htll:c-dim-length 1 (cons g 'width) 0)))))
               (height (scale width (/ 1.0 ratio))))
          (lay c left top width height)
          (cons (if (wrap? w) width w) (if (wrap? h) height h))))))
    (define (lay-clamp c bw bh how left top w h loc)
      ;; What the child occupies in the area, measured once (for a layout child on a wrapped axis).
      (define own #f)
      (define (own-along axis)
        (if (not own) (set! own (measure c left top w h)))
        (if (eq? axis 'x) (car own) (cdr own)))
      (define (bounded b len start axis)
        (cond ((not b) len)
              ((and (wrap? len) (htll:view? c)) (list 'clamp how b))
              ((wrap? len)
               ;; The child's own length, measured, then at least (min-size) or at most B.
               (let ((g (guide! axis)) (rel (if (eq? how 'min) '>= '<=)) (d (dim-of start (own-along axis) axis)))
                 (pos! g (htll:c-lead axis) start)
                 (add! g (htll:c-dim axis) rel 1 #f #f b htll:c-required)
                 (len! g axis start d rel)
                 (len! g axis start d '== htll:c-high)
                 (htll:c-dim-length 1 (cons g (htll:c-dim axis)) 0)))
              (else
               ;; The area's length, or B where that is shorter (min-size) or longer (max-size).
               (let ((g (guide! axis)) (d (dim-of start len axis)))
                 (pos! g (htll:c-lead axis) start)
                 (add! g (htll:c-dim axis) (if (eq? how 'min) '>= '<=) 1 #f #f b htll:c-required)
                 (len! g axis start d '== htll:c-high)
                 (htll:c-dim-length 1 (cons g (htll:c-dim axis)) 0)))))
      (let* ((cw (bounded bw w left 'x)) (ch (bounded bh h top 'y))
             (fixed (and (htll:view? c) (fixed-size c)))
             (o (lay c left top cw ch)))
        (define (result b len own given)
          (cond ((not (wrap? given)) given)
                ((not b) own)
                (fixed (let ((f (if (eq? given w) (car fixed) (cadr fixed))))
                         (htll:c-const-length (if (eq? how 'min) (max f b) (min f b)))))
                (else own)))
        (cons (result bw cw (car o) w) (result bh ch (cdr o) h))))
    (lay (htll:root-child root)
         (htll:c-pos base 'leading 0) (htll:c-pos base 'top 0)
         (htll:c-dim-length 1 (cons base 'width) 0) (htll:c-dim-length 1 (cons base 'height) 0))
    (htll:set-c-state-placed! st (reverse (htll:c-state-placed st)))
    st))

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
