;;; HTLL prelude: the layout tree as Auto Layout constraints (issue 18): the walk.
;;; htll:constraints walks the tree the frame solver (60-solver.scm) walks, node by node, and
;;; states each area with the statements of 71-constraint-statements.scm (which also describes
;;; the constraints, positions and lengths). Each htll:c-lay-* procedure lays X out at LEFT, TOP
;;; in W x H (positions and lengths) and returns the lengths it occupies (x-length . y-length).

;; The constraints of ROOT as an htll:c-state. HIDDEN? (optional) says whether a view that
;; collapses while hidden (collapse-when-hidden) is hidden: by default its hidden attribute, as
;; htll frames has it; the generated code states a set for each combination (74-constraint-branches.scm).
(define (htll:constraints root . hidden?)
  (let* ((parent (htll:root-parent root))
         (base (if (htll:safe-area-root? root) (list 'safe-area parent) parent))
         (walk (htll:make-c-walk
                (htll:make-c-state root base '() '() (make-eq-hash-table) '())
                root base
                (if (pair? hidden?) (car hidden?) (lambda (v) (and (htll:view-attribute v 'hidden) #t)))
                (and (htll:rtl-fixed?) (not htll:emit-rtl))
                (htll:root-location root) #f #f '() (make-eq-hash-table) (make-eq-hash-table) #f 0))
         (st (htll:c-walk-state walk)))
    ;; (Solving, as the frames' solve: what goes wrong in a primitive's area procedure is
    ;; located at its call, htll:solving.)
    (htll:solving
     (lambda ()
       (htll:c-lay walk (htll:root-child root)
                   (htll:c-pos base 'leading 0) (htll:c-pos base 'top 0)
                   (htll:c-dim-length 1 (cons base 'width) 0) (htll:c-dim-length 1 (cons base 'height) 0))))
    (htll:set-c-state-placed! st (reverse (htll:c-state-placed st)))
    (htll:c-rank-priorities! st)
    st))

;; Lays X out at LEFT, TOP in W x H; returns the lengths it occupies (x-length . y-length).
(define (htll:c-lay walk x left top w h)
  (let ((saved (htll:c-walk-location walk)))
    (let ((r (cond ((htll:view? x) (htll:c-lay-view walk x left top w h))
                   ((htll:node? x)
                    (htll:set-c-walk-location! walk (htll:node-location x))
                    ;; (A 'baseline row's guide ranks below its members, laid out now; the row's
                    ;; group is looked for only once some baseline guide is made.)
                    (let* ((r (htll:c-lay-node walk x left top w h))
                           (guides (htll:c-walk-baseline-guides walk))
                           (group (and (> (hash-table-count guides) 0) (htll:baseline-row-group x)))
                           (g (and group (hash-table-ref/default guides group #f)))
                           (rec (and g (hash-table-ref/default guides g #f))))
                      (if rec (htll:c-restate! walk rec))
                      r))
                   (else (error "htll: not a layout" x)))))
      (htll:set-c-walk-location! walk saved)
      r)))

(define (htll:c-measure walk x left top w h)
  (let ((saved (htll:c-walk-dry? walk)))
    (htll:set-c-walk-dry! walk #t)
    (let ((r (htll:c-lay walk x left top w h))) (htll:set-c-walk-dry! walk saved) r)))

;; The length view V occupies along AXIS when measured in LEN: the area's, or its own as a
;; constant (its intrinsic size is no anchor while the view may be stretched elsewhere).
(define (htll:c-measured-length walk v axis len)
  (let ((fixed (htll:c-fixed-size v)))
    (cond (fixed (htll:c-const-length (if (eq? axis 'x) (car fixed) (cadr fixed))))
          ((or (htll:c-wrap? len) (htll:c-clamp? len))
           (if (htll:c-intrinsic? (htll:view-kind v) axis)
               (htll:c-refuse! walk (htll:view-location v) "the measured size of a layout holding a view sized by its content"))
           (let* ((m (htll:measure v)) (own (if (eq? axis 'x) (car m) (cdr m))))
             (htll:c-const-length (cond ((htll:c-wrap? len) own)
                                        ((eq? (cadr len) 'min) (max own (caddr len)))
                                        (else (min own (caddr len)))))))
          (else len))))

(define (htll:c-lay-view walk v left top w h)
  (if (htll:c-walk-dry? walk)
      (cons (htll:c-measured-length walk v 'x w) (htll:c-measured-length walk v 'y h))
      (htll:c-place-view walk v left top w h)))

;; LEFT or TOP #f: the caller constrains the view's other edge (its trailing end, its
;; baseline) instead, after placing it.
(define (htll:c-place-view walk v left top w h)
  (htll:c-place! walk v)
  (if left (htll:c-pos! walk v 'leading left))
  (if top (htll:c-pos! walk v 'top top))
  (let ((fixed (htll:c-fixed-size v)))
    (if fixed
        (begin (htll:c-add! walk v 'width '== 1 #f #f (car fixed) htll:c-required)
               (htll:c-add! walk v 'height '== 1 #f #f (cadr fixed) htll:c-required))
        (for-each (lambda (axis len start)
                    (cond ((htll:c-wrap? len) (htll:c-wrap-view! walk v axis 'exact))
                          ((htll:c-clamp? len) (htll:c-wrap-view! walk v axis (cdr len)))
                          (else (htll:c-len! walk v axis start len))))
                  '(x y) (list w h) (list left top))))
  (cons (htll:c-end-length (htll:c-pos v 'trailing 0)) (htll:c-end-length (htll:c-pos v 'bottom 0))))

;; Lays X out along AXIS from START, LEN long, across from OSTART, OLEN long; returns
;; (along . across) lengths.
(define (htll:c-lay-along walk x axis start len ostart olen)
  (if (eq? axis 'x)
      (htll:c-lay walk x start ostart len olen)
      (let ((o (htll:c-lay walk x ostart start olen len))) (cons (cdr o) (car o)))))

;; A row (column) whose height (width) wraps, with children at their own heights aligned
;; across it, is as high as its highest child (the frame solver measures it, then lays it
;; out at that height): a guide from the row's top, at least as high as each aligned child
;; (htll:c-lay-align) and otherwise as short as it can be, is the height they align in.
(define (htll:c-lay-node walk x left top w h)
  (let* ((cross (if (memq (htll:node-op x) htll:horizontal-ops) 'y 'x))
         (cross-len (if (eq? cross 'y) h w)))
    ;; (Where the start across is not known, #f, the caller constrains the far end after: that
    ;; is a view through alignments at its own length, htll:c-split-wrap, as long as the row.)
    (if (and (not (htll:c-walk-dry? walk)) (htll:c-wrap? cross-len) (if (eq? cross 'y) top left)
             (htll:any (lambda (c) (and (htll:align-across? c (eq? cross 'y)) (memq (cadr (htll:node-params c)) '(start center end))))
                       (htll:node-children x)))
        (let ((g (htll:c-guide! walk cross)))
          (htll:c-pos! walk g (htll:c-lead cross) (if (eq? cross 'y) top left))
          (hash-table-set! (htll:c-walk-row-guides walk) g #t)
          (let* ((shrink (htll:c-add! walk g (htll:c-dim cross) '== 1 #f #f 0 (htll:c-shrink walk)))
                 (len (htll:c-dim-length 1 (cons g (htll:c-dim cross)) 0))
                 (o (if (eq? cross 'y) (htll:c-lay-op walk x left top w len) (htll:c-lay-op walk x left top len h)))
                 (laid (if (eq? cross 'y) (cdr o) (car o)))
                 (extent (htll:c-end-length (htll:c-pos g (htll:c-trail cross) 0))))
            ;; A node that takes a length of its own across, whatever it is given (a fixed size
            ;; around an aligned column), bounds the guide by it: its children are aligned in
            ;; that length, not in the guide's, and bound nothing.
            (if (not (eq? laid len))
                (let ((end (htll:c-end-of walk (if (eq? cross 'y) top left) laid cross)))
                  (if (not (and (htll:c-item=? (caar end) g) (eq? (cdar end) (htll:c-trail cross)) (= (cdr end) 0)))
                      (htll:c-pos! walk g (htll:c-trail cross) end '>=))))
            ;; (After the children are placed: a view's priorities are set once it is.)
            (for-each (lambda (c) (if (not (htll:align-across? c (eq? cross 'y))) (htll:c-bound-guide! walk g cross c left top w h)))
                      (htll:node-children x))
            (htll:c-restate! walk shrink)
            (if (eq? cross 'y) (cons (car o) extent) (cons extent (cdr o)))))
        (htll:c-lay-op walk x left top w h))))

;; The guide of the aligned row whose height (width), give or take a constant (a padding inside
;; it), is LEN, or #f.
(define (htll:c-row-guide walk len axis)
  (and (eq? (htll:c-length-kind len) 'dim) (= (cadr len) 1) (caddr len)
       (eq? (cdr (caddr len)) (htll:c-dim axis))
       (hash-table-ref/default (htll:c-walk-row-guides walk) (car (caddr len)) #f)
       (car (caddr len))))

;; The guide G across a row measured first (htll:c-lay-node) at least as long as child C, which
;; is not aligned across the row but filled (a collapsing view in an aligned sequence, a
;; column's own child beside a row of one aligned one): C is stretched to the row, and the frame
;; solver measures the row as long as its longest child. A view fixed in size bounds it by its
;; size, a view sized by its content by its content (its compression resistance required
;; across: it is as long as the guide and not shorter than its content), a layout of views
;; fixed in size by what it measures. (A collapsing view counts hidden too, as the frame
;; solver's maximum counts it.)
(define (htll:c-bound-guide! walk g cross c left top w h)
  (let* ((v (htll:aligned-view c)) (fixed (and v (htll:c-fixed-size v))) (dim (htll:c-dim cross)))
    (cond (fixed (htll:c-add! walk g dim '>= 1 #f #f (if (eq? cross 'x) (car fixed) (cadr fixed)) htll:c-required))
          ((and v (htll:c-intrinsic? (htll:view-kind v) cross))
           (htll:c-set-priority! walk v cross (vector-ref (htll:c-priorities walk v) (if (eq? cross 'x) 0 1)) htll:c-required))
          (v #f)
          ;; (A layout holding a view sized by its content: where its views align in this row
          ;; they bound its guide themselves, htll:c-lay-align; one filled in it (a label in an
          ;; hseq) has a length of its own the frame solver measures the row by, and no
          ;; constraint states it: refused, as measuring such a layout is.)
          ((htll:c-holds-content-sized? c cross)
           (if (htll:c-holds-content-sized? c cross 'filled-only)
               (htll:c-refuse! walk (htll:node-location c) "the measured size of a layout holding a view sized by its content")))
          (else
           (let* ((start (if (eq? cross 'x) left top))
                  (m (htll:c-measure walk c left top (if (eq? cross 'x) 'wrap w) (if (eq? cross 'y) 'wrap h)))
                  (len (if (eq? cross 'x) (car m) (cdr m)))
                  ;; (A constant, or an end at a constant from START, as htll:c-dim-of reads it.)
                  (k (case (htll:c-length-kind len)
                       ((dim) (htll:c-dim-constant len))
                       ((end) (and (pair? start) (htll:c-offset-from start (cadr len))))
                       (else #f))))
             (if k (htll:c-add! walk g dim '>= 1 #f #f k htll:c-required)))))))

;; Whether layout X holds a view sized by its content along AXIS (and not fixed in size); with
;; FILLED-ONLY, one that no align node across AXIS holds: it bounds no row guide itself
;; (htll:c-lay-align), so X's own length, which the frame solver measures, is nowhere in the
;; constraints.
(define (htll:c-holds-content-sized? x axis . filled-only)
  (cond ((htll:view? x) (and (not (htll:c-fixed-size x)) (htll:c-intrinsic? (htll:view-kind x) axis)))
        ((not (htll:node? x)) #f)
        ((and (pair? filled-only) (htll:align-across? x (eq? axis 'y))) #f)
        (else (htll:any (lambda (c) (apply htll:c-holds-content-sized? c axis filled-only)) (htll:node-children x)))))

(define (htll:c-lay-op walk x left top w h)
  (let ((cs (htll:node-children x)) (ps (htll:node-params x)) (loc (htll:node-location x)))
    (case (htll:node-op x)
      ((blank) (cons (if (htll:c-wrap? w) (htll:c-const-length 0) w) (if (htll:c-wrap? h) (htll:c-const-length 0) h)))
      ((above) (htll:c-split-ratio walk (car cs) (cadr cs) (car ps) 'y left top w h))
      ((beside) (htll:c-split-ratio walk (car cs) (cadr cs) (car ps) 'x left top w h))
      ((^^) (htll:c-split-wrap walk (car cs) (cadr cs) (car ps) 'y #t left top w h loc))
      ((vv) (htll:c-split-wrap walk (car cs) (cadr cs) (car ps) 'y #f left top w h loc))
      ((<<) (htll:c-split-wrap walk (car cs) (cadr cs) (car ps) 'x #t left top w h loc))
      ((>>) (htll:c-split-wrap walk (car cs) (cadr cs) (car ps) 'x #f left top w h loc))
      ((center) (htll:c-lay-center walk (car cs) (car ps) (cadr ps) left top w h))
      ((hseq) (htll:c-lay-seq walk cs 'x left top w h))
      ((vseq) (htll:c-lay-seq walk cs 'y left top w h))
      ((hseq*) (htll:c-lay-seq* walk cs (car ps) (cadr ps) 'x left top w h))
      ((vseq*) (htll:c-lay-seq* walk cs (car ps) (cadr ps) 'y left top w h))
      ((fixed) (htll:c-lay walk (car cs) left top (htll:c-const-length (car ps)) (htll:c-const-length (cadr ps)))
               (cons (htll:c-const-length (car ps)) (htll:c-const-length (cadr ps))))
      ((inset) (htll:c-lay-inset walk (car cs) ps left top w h))
      ((aspect) (htll:c-lay-aspect walk (car cs) (car ps) left top w h loc))
      ((min-size) (htll:c-lay-clamp walk (car cs) (car ps) (cadr ps) 'min left top w h loc))
      ((max-size) (htll:c-lay-clamp walk (car cs) (car ps) (cadr ps) 'max left top w h loc))
      ;; Where no sequence holds it, the view in the whole area.
      ((collapse) (htll:c-lay walk (car cs) left top w h))
      ((align) (if (eq? (cadr ps) 'baseline)
                   (htll:c-lay-baseline walk (car cs) (caddr ps) left top w h)
                   (htll:c-lay-align walk (car cs) (car ps) (cadr ps) left top w h)))
      (else (if (htll:node-layout x)
                (htll:c-lay-primitive walk x left top w h)
                (htll:c-refuse! walk loc (string-append "the layout " (symbol->string (htll:node-op x)))))))))

;; A define-primitive node (52-primitive-protocol.scm): its area procedure runs on symbolic
;; lengths that stand for anchors (c-anchor atoms), and what it returns, linear in them, is
;; read back as positions and lengths: a sum of anchors times numbers becomes guides where no
;; one anchor states it. A choice made at run time (if<=), a max or min of lengths that are
;; not what a child occupies, or a measured size of a view sized by its content is refused,
;; naming the primitive.
(define (htll:c-lay-primitive walk x left top w h)
  (let ((saved (htll:c-walk-primitive walk)))
    (htll:set-c-walk-primitive! walk x)
    (let* ((l (htll:c-encode-pos walk left)) (t (htll:c-encode-pos walk top))
           (extent (htll:place-primitive
                    x (htll:node-layout x) l t (htll:c-encode-length walk w left) (htll:c-encode-length walk h top)
                    (lambda (c cx cy cw ch)
                      (let* ((px (htll:c-decode-pos walk cx 'x)) (py (htll:c-decode-pos walk cy 'y))
                             (cw (htll:c-decode-length walk cw px 'x)) (ch (htll:c-decode-length walk ch py 'y))
                             ;; What goes wrong inside a child is the child's.
                             (o (begin (htll:set-c-walk-primitive! walk #f) (htll:c-lay walk c px py cw ch))))
                        (htll:set-c-walk-primitive! walk x)
                        (cons (htll:c-encode-length walk (car o) px) (htll:c-encode-length walk (cdr o) py))))
                    (lambda (c cw ch)
                      (let ((o (htll:c-measure walk c left top (htll:c-decode-length walk cw left 'x) (htll:c-decode-length walk ch top 'y))))
                        (cons (htll:c-encode-length walk (car o) left) (htll:c-encode-length walk (cdr o) top))))
                    ;; (Never long: no locals. It is asked with a mode too, htll:after-position.)
                    (lambda (pos start . mode) #f)))
           (r (cons (if (htll:c-wrap? w) (htll:c-decode-length walk (car extent) left 'x) w)
                    (if (htll:c-wrap? h) (htll:c-decode-length walk (cdr extent) top 'y) h))))
      (htll:set-c-walk-primitive! walk saved)
      r)))

;; Both children at their own length along AXIS, MARGIN apart.
(define (htll:c-stack walk a b margin axis start ostart olen)
  (let* ((oa (htll:c-lay-along walk a axis start 'wrap ostart olen))
         (bstart (if (htll:c-collapsed? walk a) start (htll:c-pos+ (htll:c-end-of walk start (car oa) axis) margin)))
         (ob (htll:c-lay-along walk b axis bstart 'wrap ostart olen)))
    (cons (htll:c-end-length (htll:c-end-of walk bstart (car ob) axis))
          (if (htll:c-wrap? olen) (htll:c-longer (cdr oa) (cdr ob)) olen))))

(define (htll:c-split-ratio walk a b ratio axis left top w h)
  (let ((start (if (eq? axis 'x) left top)) (len (if (eq? axis 'x) w h))
        (ostart (if (eq? axis 'x) top left)) (olen (if (eq? axis 'x) h w)))
    (if (htll:c-wrap? len)
        (htll:c-pack-result axis (htll:c-stack walk a b 0 axis start ostart olen))
        (let* ((d (htll:c-dim-of walk start len axis))
               (oa (htll:c-lay-along walk a axis start (htll:c-scale d ratio) ostart olen))
               ;; A collapsed (hidden): B in its place, at its own share (as htll:ratio-split).
               (ob (htll:c-lay-along walk b axis (if (htll:c-collapsed? walk a) start (htll:c-end-of walk start (car oa) axis))
                                     (htll:c-scale d (- 1 ratio)) ostart olen)))
          (htll:c-pack axis len (if (htll:c-wrap? olen) (htll:c-longer (cdr oa) (cdr ob)) olen))))))

(define (htll:c-split-wrap walk a b margin axis first-wraps? left top w h loc)
  (let ((start (if (eq? axis 'x) left top)) (len (if (eq? axis 'x) w h))
        (ostart (if (eq? axis 'x) top left)) (olen (if (eq? axis 'x) h w)))
    (htll:c-pack-result
     axis
     (cond
      ((htll:c-wrap? len) (htll:c-stack walk a b margin axis start ostart olen))
      (first-wraps?
       (let* ((oa (htll:c-lay-along walk a axis start 'wrap ostart olen))
              ;; A collapsed (hidden): B in its place, the whole length.
              (ob (if (htll:c-collapsed? walk a)
                      (htll:c-lay-along walk b axis start len ostart olen)
                      (htll:c-lay-along walk b axis (htll:c-pos+ (htll:c-end-of walk start (car oa) axis) margin)
                                 (htll:c-end-length (htll:c-end-of walk start len axis)) ostart olen))))
         (cons len (if (htll:c-wrap? olen) (htll:c-longer (cdr oa) (cdr ob)) olen))))
      ;; A at its own length, or B collapsed (hidden): A the whole length, B after it up to the end.
      ;; (A aligned across the axis, (vv A B 0 'center), has its child's length along it.)
      ((or (htll:c-own-length? (let across ((x a)) (if (htll:align-across? x (eq? axis 'x)) (across (car (htll:node-children x))) x)))
           (htll:c-collapsed? walk b))
       (let* ((oa (htll:c-lay-along walk a axis start len ostart olen))
              (ob (htll:c-lay-along walk b axis (htll:c-pos+ (htll:c-end-of walk start (car oa) axis) margin)
                             (htll:c-end-length (htll:c-end-of walk start len axis)) ostart olen)))
         (cons len (if (htll:c-wrap? olen) (htll:c-longer (cdr oa) (cdr ob)) olen))))
      ((and (htll:c-collapsed? walk a) (htll:aligned-view b) (not (htll:c-walk-dry? walk)))
       ;; A collapsed (hidden): B, a view, in its place at its own length, as it follows A in the
       ;; frames (htll:wrap-split); A, hidden, as long as the area less B's and the margin.
       (let* ((ob (htll:c-lay-along walk b axis start 'wrap ostart olen))
              (rest (htll:c-spacer! walk axis (htll:c-end-of walk start (car ob) axis)))
              (oa (begin (htll:c-pos! walk rest (htll:c-trail axis) (htll:c-end-of walk start len axis))
                         (htll:c-lay-along walk a axis start (htll:c-dim-length 1 (cons rest (htll:c-dim axis)) (- margin)) ostart olen))))
         (cons len (if (htll:c-wrap? olen) (htll:c-longer (cdr oa) (cdr ob)) olen))))
      ((and (htll:aligned-view b) (not (htll:c-walk-dry? walk)))
       ;; B at its own length, ending where the area ends; A up to B, less the margin.
       (let* ((v (htll:aligned-view b))
              (end (htll:c-end-of walk start len axis))
              (ob (htll:c-lay-along walk b axis #f 'wrap ostart olen))
              (oa (begin (htll:c-pos! walk v (htll:c-trail axis) end)
                         (htll:c-lay-along walk a axis start (htll:c-end-length (htll:c-pos v (htll:c-lead axis) (- margin))) ostart olen))))
         (cons len (if (htll:c-wrap? olen) (htll:c-longer (cdr oa) (cdr ob)) olen))))
      (else
       ;; B's own length measured, in a guide that ends where the area ends; A up to that
       ;; guide less the margin; B after A, up to the area's end. (A collapsed, hidden: B in its
       ;; place at that length, as it follows A in the frames, htll:wrap-split.)
       (let* ((mb (car (htll:c-measure-along walk b axis start 'wrap ostart olen)))
              (end (htll:c-end-of walk start len axis))
              (g (htll:c-guide! walk axis))
              (oa (begin (htll:c-pos! walk g (htll:c-trail axis) end)
                         (htll:c-len! walk g axis start (htll:c-dim-of walk start mb axis))
                         (htll:c-lay-along walk a axis start (htll:c-end-length (htll:c-pos g (htll:c-lead axis) (- margin))) ostart olen)))
              (ob (if (htll:c-collapsed? walk a)
                      (htll:c-lay-along walk b axis start (htll:c-dim-of walk start mb axis) ostart olen)
                      (htll:c-lay-along walk b axis (htll:c-pos+ (htll:c-end-of walk start (car oa) axis) margin) (htll:c-end-length end) ostart olen))))
         (cons len (if (htll:c-wrap? olen) (htll:c-longer (cdr oa) (cdr ob)) olen))))))))

(define (htll:c-measure-along walk x axis start len ostart olen)
  (let ((saved (htll:c-walk-dry? walk)))
    (htll:set-c-walk-dry! walk #t)
    (let ((r (htll:c-lay-along walk x axis start len ostart olen))) (htll:set-c-walk-dry! walk saved) r)))

;; C at its own length across a sequence (VERTICAL? #t: up and down, in a row), at the start,
;; centre or end of the area (MODE), the free length in guides; 'fill, or an area that wraps
;; itself, gives it the area's. In a row that wraps (lay-node's guide) C also keeps the row at
;; least as high as itself.
(define (htll:c-lay-align walk c vertical? mode left top w h)
  (let* ((axis (if vertical? 'y 'x))
         (start (if vertical? top left)) (len (if vertical? h w))
         (ostart (if vertical? left top)) (olen (if vertical? w h)))
    (cond
     ((or (eq? mode 'fill) (htll:c-wrap? len)) (htll:c-lay walk c left top w h))
     ((htll:c-walk-dry? walk) (htll:c-pack axis len (cdr (htll:c-lay-along walk c axis start 'wrap ostart olen))))
     (else
      (let* ((row (htll:c-row-guide walk len axis))
             (dim (htll:c-dim axis))
             (area-end (htll:c-end-of walk start len axis))
             (before (and (memq mode '(center end)) (htll:c-spacer! walk axis start)))
             (from (if before (htll:c-pos before (htll:c-trail axis) 0) start))
             (o (htll:c-lay-along walk c axis from 'wrap ostart olen))
             (end (htll:c-end-of walk from (car o) axis)))
        (case mode
          ((start) (if row (htll:c-pos-eq! walk area-end end '>=)))
          ((end) (htll:c-pos-eq! walk end area-end))
          (else (let ((after (htll:c-spacer! walk axis end)))
                  (htll:c-pos! walk after (htll:c-trail axis) area-end)
                  (htll:c-add! walk after dim '== 1 before dim 0 htll:c-required))))
        (if (and row before) (htll:c-add! walk before dim '>= 1 #f #f 0 htll:c-required))
        (htll:c-pack axis len (cdr o)))))))

;; In a row aligned on 'baseline: C at its own height, its first baseline on the row's
;; baseline, a guide from the row's top as deep as the deepest member's ascent (each member's
;; top at or below the row's, the guide otherwise as short as it can be), as the frame solver
;; puts them. A label's, text field's or button's first baseline is its firstBaselineAnchor
;; (the solver's htll:e-baseline-depth); any other view's is its bottom (UIKit would take a view
;; without text by its top); a row aligned on 'baseline has its own, which lies on this one.
(define (htll:c-lay-baseline walk c group left top w h)
  (define (result o) (cons (car o) (if (htll:c-wrap? h) (cdr o) h)))
  (cond
   ((htll:c-walk-dry? walk) (if (htll:c-wrap? h) (htll:c-refuse! walk (htll:c-walk-location walk) "the measured height of a row aligned on 'baseline"))
        (cons (car (htll:c-lay walk c left top w 'wrap)) h))
   (else
    (let ((line (and top (htll:c-pos (htll:c-baseline-guide walk group top) 'bottom 0))) (v (htll:aligned-view c)))
      (if v
          (let ((o (htll:c-lay walk c left #f w 'wrap)))
            ;; (No TOP: this is a row of one aligned on 'baseline in an outer such row, which
            ;; pins the view on its own line.)
            (if line
                (begin (htll:c-pos! walk v 'top top '>=)
                       (htll:c-pos! walk v (if (htll:baseline-view? v) 'firstBaseline 'bottom) line)))
            (result o))
          (let* ((before (htll:c-spacer! walk 'y top))
                 (from (htll:c-pos before 'bottom 0))
                 (o (htll:c-lay walk c left from w 'wrap))
                 (inner (htll:baseline-row-group c)))
            (htll:c-add! walk before 'height '>= 1 #f #f 0 htll:c-required)
            (if inner
                (htll:c-pos! walk (htll:c-baseline-guide walk inner #f) 'bottom line)
                (htll:c-pos-eq! walk (htll:c-end-of walk from (cdr o) 'y) line))
            (result o)))))))

;; The guide from the top of the row of GROUP down to its baseline (made at TOP the first time).
(define (htll:c-baseline-guide walk group top)
  (or (hash-table-ref/default (htll:c-walk-baseline-guides walk) group #f)
      (let ((g (htll:c-spacer! walk 'y top)))
        (hash-table-set! (htll:c-walk-baseline-guides walk) g (htll:c-add! walk g 'height '== 1 #f #f 0 (htll:c-shrink walk)))
        (hash-table-set! (htll:c-walk-baseline-guides walk) group g)
        g)))

(define (htll:c-lay-center walk c hr vr left top w h)
  (define (inner start len r axis)
    (if (htll:c-wrap? len)
        (cons start len)
        (let ((d (htll:c-dim-of walk start len axis)))
          (cons (htll:c-end-of walk start (htll:c-scale d r) axis) (htll:c-scale d (- 1 (* 2 r)))))))
  (let* ((x (inner left w hr 'x)) (y (inner top h vr 'y))
         (o (htll:c-lay walk c (car x) (car y) (cdr x) (cdr y))))
    ;; A wrapped axis keeps the area's start, so the child's length is the centre's.
    (cons (if (htll:c-wrap? w) (car o) w) (if (htll:c-wrap? h) (cdr o) h))))

;; Lays CS one after the other along AXIS from START, child C LENGTH-OF(C) long, GAP-AFTER
;; between; returns (the position after the last . the longest across length or #f), and
;; leaves in the walk's last-shown the far end of the last child that does not collapse (or #f).
;; A collapsed child takes no length, no gap and nothing across.
(define (htll:c-run walk cs axis start length-of gap ostart olen)
  (let loop ((cs cs) (pos start) (across #f) (last-shown #f))
    (if (null? cs)
        (begin (htll:set-c-walk-last-shown! walk last-shown) (cons pos across))
        (let* ((o (htll:c-lay-along walk (car cs) axis pos (length-of (car cs)) ostart olen)))
          (if (htll:c-collapsed? walk (car cs))
              (loop (cdr cs) pos across last-shown)
              (let ((next (htll:c-end-of walk pos (car o) axis)))
                (loop (cdr cs) (if (null? (cdr cs)) next (gap next)) (if across (htll:c-longer across (cdr o)) (cdr o)) next)))))))

(define (htll:c-seq-result axis start len r olen)
  (htll:c-pack axis (if (htll:c-wrap? len) (htll:c-end-length (car r)) len) (if (htll:c-wrap? olen) (or (cdr r) (htll:c-const-length 0)) olen)))

(define (htll:c-lay-seq walk cs axis left top w h)
  (let* ((start (if (eq? axis 'x) left top)) (len (if (eq? axis 'x) w h))
         (ostart (if (eq? axis 'x) top left)) (olen (if (eq? axis 'x) h w))
         (share (if (htll:c-wrap? len) 'wrap (htll:c-scale (htll:c-dim-of walk start len axis) (/ 1.0 (max 1 (htll:c-shown-count walk cs))))))
         (r (htll:c-run walk cs axis start (lambda (c) share) (lambda (p) p) ostart olen)))
    (htll:c-seq-result axis start len r olen)))

(define (htll:c-lay-seq* walk cs gap mode axis left top w h)
  (let* ((n (length cs))
         ;; The children shown; a collapsing child hidden takes no share and no gap.
         (collapsing? (htll:any-collapse? cs))
         (shown (htll:c-shown-count walk cs))
         (start (if (eq? axis 'x) left top)) (len (if (eq? axis 'x) w h))
         (ostart (if (eq? axis 'x) top left)) (olen (if (eq? axis 'x) h w))
         (gapped (lambda (p) (htll:c-pos+ p gap))))
    (cond
     ((htll:c-wrap? len) (htll:c-seq-result axis start len (htll:c-run walk cs axis start (lambda (c) 'wrap) gapped ostart olen) olen))
     ((eq? mode 'fill-equally)
      (let* ((d (htll:c-dim-of walk start len axis))
             (k (max 1 shown))
             (share (htll:c-dim-length (/ (cadr d) k) (caddr d) (/ (- (cadddr d) (* (- shown 1) gap)) k))))
        (htll:c-seq-result axis start len (htll:c-run walk cs axis start (lambda (c) share) gapped ostart olen) olen)))
     (else
      ;; Children at their own lengths GAP apart; the free length goes into spacer guides:
      ;; before the first, between the children, after the last, as MODE shares it.
      (let* ((area-end (htll:c-end-of walk start len axis))
             (dim (htll:c-dim axis))
             (spacer (lambda (from) (let ((g (htll:c-guide! walk axis))) (htll:c-pos! walk g (htll:c-lead axis) from) g)))
             (same! (lambda (g first k) (htll:c-add! walk g dim '== k first dim 0 htll:c-required)))
             (lead (and (memq mode '(center end space-around space-evenly)) (spacer start)))
             (first-start (if lead (htll:c-pos lead (htll:c-trail axis) 0) start))
             (between (and (memq mode '(space-between space-around space-evenly)) (or collapsing? (> n 1))))
             (spacers '())
             (r (htll:c-run walk cs axis first-start (lambda (c) 'wrap)
                     (lambda (p)
                       (if between
                           (let ((g (spacer p))) (set! spacers (cons g spacers)) (htll:c-pos g (htll:c-trail axis) gap))
                           (gapped p)))
                     ostart olen))
             ;; Where the last child shown ends (the children after it collapsed).
             (last-end (or (htll:c-walk-last-shown walk) first-start))
             (spacers (reverse spacers)))
        (case mode
          ((start) #f)
          ((end) (htll:c-pos-eq! walk last-end area-end))
          ((center)
           (let ((tail (spacer last-end)))
             (htll:c-pos! walk tail (htll:c-trail axis) area-end)
             (same! tail lead 1)))
          ((space-between)
           (if (pair? spacers)
               (begin (htll:c-add! walk (car spacers) dim '>= 1 #f #f 0 htll:c-required)
                      (for-each (lambda (g) (same! g (car spacers) 1)) (cdr spacers))
                      ;; One child shown (the others collapsed): the free length follows it.
                      (if (= shown 1)
                          (htll:c-pos! walk (car spacers) (htll:c-trail axis) area-end '== (htll:c-high walk))
                          (htll:c-pos-eq! walk last-end area-end '== (htll:c-high walk))))))
          ((space-around space-evenly)
           (let ((tail (spacer last-end)))
             (htll:c-add! walk lead dim '>= 1 #f #f 0 htll:c-required)
             (for-each (lambda (g) (same! g lead (if (eq? mode 'space-around) 2 1))) spacers)
             (same! tail lead 1)
             (htll:c-pos! walk tail (htll:c-trail axis) area-end '== (htll:c-high walk))))
          (else (error "htll: unknown distribution" mode)))
        (htll:c-pack axis len (if (htll:c-wrap? olen) (or (cdr r) (htll:c-const-length 0)) olen)))))))

(define (htll:c-lay-inset walk c ps left top w h)
  (let* ((t (car ps)) (l (cadr ps)) (b (caddr ps)) (r (cadddr ps))
         (o (htll:c-lay walk c (htll:c-pos+ left l) (htll:c-pos+ top t) (htll:c-shorten w l r) (htll:c-shorten h t b))))
    (cons (if (htll:c-wrap? w) (htll:c-end-length (htll:c-pos+ (htll:c-end-of walk (htll:c-pos+ left l) (car o) 'x) r)) w)
          (if (htll:c-wrap? h) (htll:c-end-length (htll:c-pos+ (htll:c-end-of walk (htll:c-pos+ top t) (cdr o) 'y) b)) h))))

(define (htll:c-lay-aspect walk c ratio left top w h loc)
  (cond
   ((and (htll:c-wrap? w) (htll:c-wrap? h))
    (if (and (htll:view? c) (not (htll:c-walk-dry? walk)) (not (htll:c-fixed-size c)))
        ;; The view's own width, its height from that.
        (htll:c-lay walk c left top 'wrap (htll:c-dim-length (/ 1.0 ratio) (cons c 'width) 0))
        ;; The child's own width, measured; its height from that.
        (let* ((width (htll:c-dim-of walk left (car (htll:c-measure walk c left top 'wrap 'wrap)) 'x))
               (height (htll:c-scale width (/ 1.0 ratio))))
          (htll:c-lay walk c left top width height)
          (cons width height))))
   (else
    (let* ((width (cond ((htll:c-wrap? w) (htll:c-scale (htll:c-dim-of walk top h 'y) ratio))
                        ((htll:c-wrap? h) (htll:c-dim-of walk left w 'x))
                        (else
                         ;; The smaller of the area's width and its height times RATIO.
                         (let ((g (htll:c-guide! walk 'x)) (dw (htll:c-dim-of walk left w 'x)) (dh (htll:c-dim-of walk top h 'y)))
                           (htll:c-pos! walk g 'leading left)
                           (htll:c-len! walk g 'x left dw '<=)
                           (htll:c-len! walk g 'x left (htll:c-scale dh ratio) '<=)
                           (htll:c-len! walk g 'x left dw '== (htll:c-high walk))
                           (htll:c-dim-length 1 (cons g 'width) 0)))))
           (height (htll:c-scale width (/ 1.0 ratio))))
      (htll:c-lay walk c left top width height)
      (cons (if (htll:c-wrap? w) width w) (if (htll:c-wrap? h) height h))))))

(define (htll:c-lay-clamp walk c bw bh how left top w h loc)
  ;; What the child occupies in the area, measured once (for a layout child on a wrapped axis).
  (define own #f)
  (define (own-along axis)
    (if (not own) (set! own (htll:c-measure walk c left top w h)))
    (if (eq? axis 'x) (car own) (cdr own)))
  (define (bounded b len start axis)
    (cond ((not b) len)
          ((and (htll:c-wrap? len) (htll:view? c)) (list 'clamp how b))
          (else
           (let ((d (htll:c-dim-of walk start (if (htll:c-wrap? len) (own-along axis) len) axis)))
             (if (htll:c-dim-constant d)
                 ;; A constant (a fixed area, a child of fixed views): the bounded length itself,
                 ;; which a guide's preference left to weigh against the children's compression.
                 (htll:c-const-length ((if (eq? how 'min) max min) b (htll:c-dim-constant d)))
                 (let ((g (htll:c-guide! walk axis)))
                   (htll:c-pos! walk g (htll:c-lead axis) start)
                   (cond
                    ((htll:c-wrap? len)
                     ;; The child's own length, measured, then at least (min-size) or at most B.
                     (let ((rel (if (eq? how 'min) '>= '<=)))
                       (htll:c-add! walk g (htll:c-dim axis) rel 1 #f #f b htll:c-required)
                       (htll:c-len! walk g axis start d rel)
                       (htll:c-len! walk g axis start d '== (htll:c-high walk))))
                    ((eq? how 'min)
                     ;; The area's length, or B where that is shorter.
                     (htll:c-add! walk g (htll:c-dim axis) '>= 1 #f #f b htll:c-required)
                     (htll:c-len! walk g axis start d '== (htll:c-high walk)))
                    (else
                     ;; The area's length, or B where that is longer: at most both, as near B as
                     ;; they let it be. (Not as near the area's length: where B is the shorter,
                     ;; that preference pulled the area towards B, against a preference of its
                     ;; own, an aspect's box, say.)
                     (htll:c-add! walk g (htll:c-dim axis) '<= 1 #f #f b htll:c-required)
                     (htll:c-len! walk g axis start d '<=)
                     (htll:c-add! walk g (htll:c-dim axis) '== 1 #f #f b (htll:c-high walk))))
                   (htll:c-dim-length 1 (cons g (htll:c-dim axis)) 0)))))))
  (let* ((cw (bounded bw w left 'x)) (ch (bounded bh h top 'y))
         (fixed (and (htll:view? c) (htll:c-fixed-size c)))
         (o (htll:c-lay walk c left top cw ch)))
    ;; (The axis told, not found by (eq? given w): both wrap where the child is measured, and the
    ;; height of a fixed view was then its width.)
    (define (result b own given axis)
      (cond ((not (htll:c-wrap? given)) given)
            ((not b) own)
            (fixed (let ((f (if (eq? axis 'x) (car fixed) (cadr fixed))))
                     (htll:c-const-length (if (eq? how 'min) (max f b) (min f b)))))
            (else own)))
    (cons (result bw (car o) w 'x) (result bh (cdr o) h 'y))))
