;;; HTLL prelude: the frame solver.
;;; Solving a layout produces a program of three statements, in execution order:
;;;   (size-to-fit VIEW)          [view sizeToFit];  measure a wrapped view first
;;;   (let LOCAL)                 CGFloat htllY1 = E;  a heavy expression named (50-expr.scm),
;;;                               defined just before the first statement that uses it
;;;   (frame VIEW X Y W H)        view.frame = (CGRect) {X, Y, W, H};
;;; The Objective-C emitter prints the program (the symbolic form); htll:run-program executes it
;;; for a canvas size with measured intrinsic sizes (the concrete form), so both always agree.
;;; A width or height of 'wrap means "the child's own size" (the original used 0 for this).
;;;
;;; Why solving stays in Scheme (issue 19; release build, 2-core machine, 2026-12-01): what made
;;; deep layouts explode was the expressions, not the language. Every frame repeated its ancestors'
;;; terms, so 1,500 nested aboves took 4.6 s and printed 33 MB; with locals (htll:local-weight)
;;; the frame code prints 0.5 MB. Measured again once every primitive but the sequences went
;;; through the protocol (callgrind, whole process, 1,500 nested aboves' frame code): 1,810 M
;;; instructions, of which starting (the preludes) 490 M, loading and naming the layout 310 M,
;;; solving about 620 M and printing about 400 M; for 10,000 labels in one vseq (--objc) loading,
;;; naming, solving, printing the frames and printing the other fragments each take a fifth. No
;;; phase has an algorithmic hot spot left: the time is the interpreter's (dispatch, calls,
;;; reference counting, malloc and collections, a fifth of it), about 400 K instructions per
;;; nested level. A Swift solver over a typed tree would remove at most the solving share (a
;;; third here, a fifth for the vseq) while the protocol's area procedures, which users write,
;;; would still run in Scheme and call back into it; the 100 ms targets need the loader, the
;;; naming and the printers out of the interpreter too, and a cheaper heap (issue 17). Until
;;; then the solver stays where users can read and extend it (bench/README.md, "Layouts by shape").
;;; Measured again 2026-12-02 (prelude image, callgrind, whole process): 1,500 nested aboves'
;;; frame code 1,038 M instructions (start-up 39 M, loading and naming about 390 M, solving and
;;; printing about 610 M: about 400 K a level); nested vv and >> were cubic (measuring repeated
;;; ever longer positions: 1,500 levels 23 s) and are linear now, about 2.4 M a level (they
;;; measure each level before placing it and print lines three times as long).

;; A position with more terms than this refers to the previous view's far edge instead (see after).
(define htll:expression-terms 6)

;; A position or gap heavier than this (see htll:e-heavier?) refers to views already placed instead.
(define htll:gap-weight 16)

;; How many nodes and views one solve may visit.
(define htll:solver-steps 2000000)

(define (htll:no-gap c rest) '())

;; Whether E has a term that is a view's far edge (a sequence already refers to edges).
(define (htll:e-has-edge? e)
  (and (pair? e) (let ((a (cdar e))) (or (and a (eq? (car a) 'edge)) (htll:e-has-edge? (cdr e))))))

;; How many of the children CS show: their number, less the collapsed ones hidden at run time.
(define (htll:visible-count cs)
  (htll:e-sum-list (map (lambda (c) (if (htll:collapse-node? c)
                                        (htll:e-shown (htll:collapsed-view c) (htll:e-const 1))
                                        (htll:e-const 1)))
                        cs)))

(define (htll:solve root) (htll:solving (lambda () (htll:solve-tree root))))

(define (htll:solve-tree root)
  (let ((program '()) (fitted (htll:fresh-mark)) (steps 0) (locals 0)
        ;; What measuring each node gave: node -> ((w h . extent) ...) (see measure).
        (measured (make-eq-hash-table))
        ;; The same for the first pass of a row laid out across a wrapped length (place-node):
        ;; node -> entries as above, the extent the row takes before its children are aligned.
        (measured-first (make-eq-hash-table))
        ;; The latest of those answers for a split measured with its length across wrapped, one
        ;; for each table: node -> extent (own-across).
        (wrapped (make-eq-hash-table))
        (wrapped-first (make-eq-hash-table))
        ;; What the deepest ascent of each 'baseline row is: group -> expression (layout-baseline).
        (deepests (make-eq-hash-table))
        ;; The width every child of an hseq aligned on 'baseline is laid at: group -> its share.
        (shares (make-eq-hash-table)))
    ;; A frame statement is preceded by the definitions of the locals it refers to (first use).
    ;; (A loop, and one procedure for every local: a frame's four expressions are walked for
    ;; every view, and a closure made per walk was most of the cost of emitting one.)
    ;; An expression walked already has its locals defined, and walking it again does nothing:
    ;; each of the four parts is not walked when it is the latest frame's same part (siblings
    ;; share their parent's lengths: three walks of four for each view of a long sequence).
    ;; (A frame statement's four parts tested in place, not in a loop over them: the loop cost
    ;; about 90 bytecode instructions a view of a long sequence, issue 19.)
    (define walked (make-vector 4 #f))
    (define (emit! s)
      (if (eq? (car s) 'frame)
          (let* ((es (cddr s)) (x (car es)) (es (cdr es)) (y (car es)) (es (cdr es)) (w (car es)) (h (cadr es)))
            (if (not (eq? x (vector-ref walked 0))) (walk-part! 0 x))
            (if (not (eq? y (vector-ref walked 1))) (walk-part! 1 y))
            (if (not (eq? w (vector-ref walked 2))) (walk-part! 2 w))
            (if (not (eq? h (vector-ref walked 3))) (walk-part! 3 h))))
      (set! program (cons s program)))
    ;; Defines the locals of part I of a frame, E, unless it is one view's edge or bound (most new
    ;; parts), which has none.
    (define (walk-part! i e)
      (if (not (and (pair? e) (null? (cdr e))
                    (let ((a (cdar e))) (and a (or (eq? (car a) 'edge) (eq? (car a) 'bound))))))
          (define-locals! e))
      (vector-set! walked i e))
    (define (define-locals! e) (htll:e-for-each-local e define-local!))
    (define (define-local! a)
      (if (not (htll:local-name a))
          (begin (define-locals! (htll:local-expression a))
                 (set! locals (+ locals 1))
                 (htll:set-local-name! a locals)
                 (set! program (cons (list 'let a) program)))))
    (define (fit! v)
      (if (not (eq? (htll:view-mark v) fitted))
          (begin (htll:set-view-mark! v fitted) (emit! (list 'size-to-fit v)))))
    (define (wider a b) (htll:e-max a b))
    ;; E, or a local standing for it when E is heavier than htll:local-weight: the one named
    ;; for an equal expression on the same axis before, if any. (A node measured again named
    ;; its extents afresh, so the same width became a new local at each visit, sums holding two
    ;; of them never cancelled, and the code of nested (^^ A R 'end) grew as n^2: 40 levels
    ;; printed 56 KB, now 30 KB. %htll-e-key, ExpressionKey.swift, finds the candidates.)
    (define (named e axis)
      ;; ('wrap tested in place here and in the other procedures called for every node placed or
      ;; measured, not through htll:wrap?: its calls were 3% of nested aligned splits' bytecode.)
      (if (or (eq? e 'wrap) (not (htll:e-heavier? e htll:local-weight))) e (shared-local axis e)))
    ;; key -> the locals named for expressions of that key, newest first.
    (define locals-by-key (make-eqv-hash-table))
    (define (shared-local axis e)
      (let* ((key (%htll-e-key e)) (known (hash-table-ref/default locals-by-key key '())))
        (let find ((ls known))
          (cond ((null? ls)
                 (let ((l (htll:e-local axis e)))
                   (hash-table-set! locals-by-key key (cons l known))
                   l))
                ((let ((a (cdaar ls))) (and (eq? (cadr a) axis) (htll:e=? (htll:local-expression a) e))) (car ls))
                (else (find (cdr ls)))))))
    ;; Lays X out in the area; returns (width . height) of what it occupies. A node names heavy
    ;; positions and lengths on the way in and heavy extents on the way out (htll:local-weight);
    ;; a view takes its area as it comes: it is a node's area plus a few siblings' terms (long
    ;; sequences of views refer to the previous view's edge instead, see after).
    (define (layout x left top w h gen?)
      ;; Children measured before they are placed (vv, >>, min-size on a wrapped axis...) are laid out
      ;; twice, so deep nesting of those could take exponential time: stop with an error instead.
      ;; (run-seq counts a view's step itself.)
      (set! steps (+ steps 1))
      (if (> steps htll:solver-steps) (too-many-steps))
      (cond ((htll:view? x) (layout-view x left top w h gen? #t))
            ;; (An align node is measured without being kept: what it takes is what its child
            ;; takes, which is kept, and each width a wrapped row above it passes down would be
            ;; one more entry to compare: 120 nested (^^ A R 'end) levels spent most of their
            ;; time there.)
            ((and gen? (eq? (htll:node-op x) 'collapse) (htll:view? (car (htll:node-children x))))
             (place-collapsed x (named left 'x) (named top 'y) (named w 'w) (named h 'h)))
            ((or gen? (eq? (htll:node-op x) 'align)) (place x (named left 'x) (named top 'y) (named w 'w) (named h 'h) gen?))
            (else (measure x left top w h))))
    ;; A collapse-when-hidden view placed: what place does with the node's area procedure
    ;; (htll:collapse-layout, 54-spacing.scm: the view in the whole area, the node as large as
    ;; the view) and htll:place-children, without them. The view gets the area's lengths as the
    ;; protocol gives them back (a number's expression made again); the node's extent is the
    ;; view's, which a view's bounds leave as it is. Through the protocol a view of 10,000 in a
    ;; vseq cost about 2,940 bytecode instructions, now 2,260 (issue 19).
    (define (place-collapsed x left top w h)
      (let ((v (car (htll:node-children x))))
        (set! steps (+ steps 1))
        (if (> steps htll:solver-steps) (too-many-steps))
        (layout-view v (area-length left) (area-length top) (area-length w) (area-length h) #t #t)))
    ;; A length as an area procedure's child gets it back (htll:resolved-area): itself, or a
    ;; number's expression made again (zero, '(), as itself).
    (define (area-length e) (if (and (pair? e) (htll:e-constant? e)) (htll:length->e "area" (htll:e-number e)) e))
    (define (too-many-steps)
      (htll:error-at (htll:root-location root)
                     (string-append "the layout is too deeply nested to solve (more than "
                                    (number->string htll:solver-steps) " steps)")))
    ;; Measuring (gen? #f) emits no frame, so its extents depend on the node and the area's
    ;; lengths only: a node measured again in the same lengths (a chain of vv or >>, each
    ;; measuring the rest of the chain before placing it) reuses the first answer, which keeps
    ;; such chains linear instead of quadratic. Its heavy positions are named as when placing:
    ;; an extent holds a position mostly in a difference that cancels it (a sequence's used
    ;; length, a primitive's reach; a flow's does not, see measure's entries), but unnamed they
    ;; grew by a term per level of a measured chain, and 800 nested vv took 40 s to solve (cubic)
    ;; instead of 0.4 s.
    ;; The lengths are compared as expressions, not only as objects: a sequence makes its share
    ;; anew each time it is laid out, so a nested (vseq 'center ...), measured at each level by
    ;; its align node and then by the wrapped row around it, measured its inner levels again at
    ;; every visit (4^n: 12 levels took 2.4 s, 1,500 did not finish in 10 minutes). Two locals
    ;; are the same length where they name the same one: a heavy length is named afresh at each
    ;; visit, and the lengths made of it then differed from every earlier one (nested (^^ A R
    ;; 'end): 60 levels 1 s, 120 levels more than a minute). Only the locals of the lengths
    ;; themselves are compared so, not the locals inside their definitions: those hold other
    ;; locals in turn, and following them all was exponential (30 nested (vv A R 2 'center) 36 s,
    ;; now 0.4 s).
    ;; (The comparison is htll:same-length?, 50-expr.scm, asked here only of two sums: 'wrap,
    ;; zero and one object are themselves alone, as it says, without its call and its builtin's.)
    (define (same-length? a b) (or (eq? a b) (and (pair? a) (pair? b) (htll:same-length? a b))))
    ;; An entry of MEASURED is (W H POSITION . EXTENT). Its POSITION is #f, but where the node was
    ;; measured inside measure-for-any at a position that holds an area atom, and the extent
    ;; holds one too other than as a term of its own: (LEFT . TOP), which a later question must
    ;; ask at too. Such an extent holds the position where it does not cancel (a flow compares its
    ;; children's far edges with its own, in locals), and an area atom must not reach code: a
    ;; flow measured at the end of a row that measure-for-any was measuring, and then again in
    ;; the same lengths while the row was placed, got the first answer, and the layout failed
    ;; with "unknown expression atom (area w)". (Only those: an extent whose area atoms are terms
    ;; of its own has them from W and H, the position cancelled, and keying every answer by its
    ;; position made nested (vv A R 'center) exponential.)
    (define (measure x left top w h) (measure-in measured x left top w h))
    ;; TABLE: measured, or measured-first for a row's first pass (place-node), which lays the
    ;; node out without its own first pass (layout-node) in the lengths as they come (place-node
    ;; has them named) and keeps its extent as it comes, not named: what the pass gave before it
    ;; was remembered, so the code prints the same.
    (define (measure-in table x left top w h)
      (let* ((seen (hash-table-ref/default table x '()))
             (hit (let find ((s seen))
                    (cond ((null? s) #f)
                          ((let ((e (car s)))
                             (and (same-length? (car e) w) (same-length? (cadr e) h)
                                  (let ((p (caddr e))) (or (not p) (and (same-length? (car p) left) (same-length? (cdr p) top))))))
                           (cdddr (car s)))
                          (else (find (cdr s)))))))
        (or hit
            (let* ((extent (or (and (pair? seen) (own-across table x w h))
                               (and (pair? seen) (measure-for-any table x left top w h))
                               (if (eq? table measured)
                                   (place x (named left 'x) (named top 'y) (named w 'w) (named h 'h) #f)
                                   (layout-node x left top w h #f))))
                   (at (and (> for-any-depth 0)
                            (not (and (htll:e-area-atop-only? (car extent) holds-area) (htll:e-area-atop-only? (cdr extent) holds-area)))
                            (or (htll:e-holds-area? left holds-area) (htll:e-holds-area? top holds-area))
                            (cons left top))))
              (hash-table-set! table x (cons (cons w (cons h (cons at extent))) (hash-table-ref/default table x '())))
              (if (and (not at) (memq (htll:node-op x) aligned-split-ops) (htll:cross-wrapped? x w h)
                       (or (= for-any-depth 0) (not (htll:e-holds-area? (if (eq? h 'wrap) (cdr extent) (car extent)) holds-area))))
                  (hash-table-set! (if (eq? table measured) wrapped wrapped-first) x extent))
              extent))))
    ;; A vv, ^^, << or >> whose children all align across its axis (place-node, own-across): its
    ;; area procedure (htll:wrap-split) gives each child the length across as it comes, and each
    ;; align node lays its child at its own length across.
    (define aligned-split-ops '(vv ^^ << >>))
    (define (aligned-split? x) (and (memq (htll:node-op x) aligned-split-ops) (htll:all-aligned-across? x)))
    ;; X's extent in W x H without laying it out, or #f: where X is a split of the four whose
    ;; length across wraps and whose length along is given, and that takes the same length across
    ;; whatever its length along (across-free?), it takes across what it took when it was
    ;; measured before with that length wrapped, in any length along (WRAPPED, or WRAPPED-FIRST
    ;; for TABLE measured-first), and along the length given (htll:wrap-split-size,
    ;; 53-split-primitives.scm). Placing a level of nested (vv A R 2 'center), its align node
    ;; measures the rest at its own height, which the rest was not measured in before, and the
    ;; levels of nested (^^ A R 'end) are measured at a height and then at another: each level
    ;; was laid out once more for it (3 times a level, now 2; bytecode instructions for 1,500
    ;; levels: vv 19.5 M -> 12.4 M, ^^ 17.5 M -> 11.4 M, << 17.4 M -> 11.8 M, issue 19).
    ;; (Kept only where the length across holds no area atom: measure-for-any's answers are put
    ;; in place before they are used.)
    (define (own-across table x w h)
      (let ((extent (hash-table-ref/default (if (eq? table measured) wrapped wrapped-first) x #f)))
        (and extent (not (and (eq? w 'wrap) (eq? h 'wrap))) (htll:cross-wrapped? x w h)
             (across-free? x (eq? w 'wrap))
             (if (eq? w 'wrap)
                 (cons (car extent) (if (eq? table measured) (named h 'h) h))
                 (cons (if (eq? table measured) (named w 'w) w) (cdr extent))))))
    ;; Whether X takes the same width (WIDTH? #t) in an area whose width wraps whatever its
    ;; height, or the same height in an area whose height wraps whatever its width: a view (its
    ;; bounds); an align node that lays its child at its own length on the other axis
    ;; (layout-align, layout-baseline), or that holds a child that is free so; a split of the
    ;; four whose children all align across its axis, along that axis (its children's lengths
    ;; along at their own length across: as place-node says) or across it where its children
    ;; are. Kept per node: a nested split asks of every level below it.
    (define free-widths (make-eq-hash-table))
    (define free-heights (make-eq-hash-table))
    (define (across-free? x width?)
      (cond ((htll:view? x) #t)
            ((not (htll:node? x)) #f)
            (else
             (let* ((table (if width? free-widths free-heights))
                    (known (hash-table-ref/default table x 'unknown)))
               (if (not (eq? known 'unknown))
                   known
                   (let ((free (let ((op (htll:node-op x)))
                                 (cond ((eq? op 'align)
                                        (or (eq? (car (htll:node-params x)) width?)
                                            (across-free? (car (htll:node-children x)) width?)))
                                       ((aligned-split? x)
                                        (or (eq? (and (memq op htll:horizontal-ops) #t) width?)
                                            (htll:every (lambda (c) (across-free? c width?)) (htll:node-children x))))
                                       (else #f)))))
                     (hash-table-set! table x free)
                     free))))))
    ;; A node measured again in other lengths is measured once more in lengths not yet known, the
    ;; area atoms (50-expr.scm), and where the extent holds them only as terms of its own, that
    ;; answer serves for every length, each put in its atom's place. Lengths equal in value
    ;; differ as expressions: placing the levels of nested (^^ A R 'end), each level's rest starts
    ;; below its first child's far edge, and measuring the rest measures every deeper level in
    ;; lengths made from that edge, so each level was measured once for each level above it, and
    ;; compared with every earlier length (n^3: 240 levels took 4.1 s, now 0.1 s). A node measured
    ;; once, or whose extent holds a length inside another atom (a max, a local), is measured in
    ;; its own lengths as before. A constant or wrapped length stays: constants fold.
    (define area-w (htll:e-atom (list 'area 'w)))
    (define area-h (htll:e-atom (list 'area 'h)))
    ;; local, max or quotient atom -> whether it holds an area atom (htll:e-area-atop-only?,
    ;; htll:e-holds-area?).
    (define holds-area (make-eq-hash-table))
    ;; How many measure-for-any calls are measuring: only then may a position hold an area atom.
    (define for-any-depth 0)
    (define (measure-for-any table x left top w h)
      (let ((any-w (if (or (eq? w 'wrap) (htll:e-constant? w) (eq? w area-w)) w area-w))
            (any-h (if (or (eq? h 'wrap) (htll:e-constant? h) (eq? h area-h)) h area-h)))
        (and (not (and (eq? any-w w) (eq? any-h h)))
             (let ((extent (begin (set! for-any-depth (+ for-any-depth 1))
                                  (let ((e (measure-in table x left top any-w any-h)))
                                    (set! for-any-depth (- for-any-depth 1))
                                    e))))
               (and (htll:e-area-atop-only? (car extent) holds-area) (htll:e-area-atop-only? (cdr extent) holds-area)
                    (let ((in-place (lambda (e) (htll:e-substitute-area (htll:e-substitute-area e 'w w) 'h h))))
                      (if (eq? table measured)
                          (cons (named (in-place (car extent)) 'w) (named (in-place (cdr extent)) 'h))
                          (cons (in-place (car extent)) (in-place (cdr extent))))))))))
    ;; (An extent that is the area's length W or H, named already, is given back without asking
    ;; its weight again.)
    (define (place x left top w h gen?)
      (let* ((extent (place-node x left top w h gen?)) (ew (car extent)) (eh (cdr extent)))
        (cons (if (eq? ew w) ew (named ew 'w)) (if (eq? eh h) eh (named eh 'h)))))
    ;; A position after a view refers to its far edge once it is long (see after).
    (define (long-position? gen? pos start)
      (and gen? (or (long-sum? pos) (htll:e-has-edge? start))))
    ;; Whether POS has too many terms, or is too heavy, to repeat in every later position.
    (define (long-sum? pos)
      (or (> (length pos) htll:expression-terms) (htll:e-heavier? pos htll:gap-weight)))
    ;; Whether the end POS of a layout that is no view (a row) becomes a local: once the sum is
    ;; long, or NAMED-BEFORE? (the row before ended at one), see after and htll:after-position.
    (define (row-end-named? gen? pos named-before?)
      (and gen? (or named-before? (long-sum? pos))))
    ;; Whether position E is one local alone (after or htll:after-position named it so).
    (define (lone-local? e)
      (and (pair? e) (null? (cdr e)) (let ((a (cdar e))) (and a (eq? (car a) 'local)))))
    ;; MODE 'heavy (htll:next-when-heavy): only where the position would be named as a local.
    ;; MODE 'named (after a layout, htll:after-position): where the sum is long, or starts at a
    ;; local alone (the previous row's end), so a long form's rows each end at a local. (Not
    ;; merely because START is an edge: the edge plus the row is short.)
    (define (long? gen?)
      (lambda (pos start . mode)
        (cond ((null? mode) (long-position? gen? pos start))
              ((eq? (car mode) 'named) (row-end-named? gen? pos (lone-local? start)))
              (else (and gen? (or (htll:e-has-edge? start) (htll:e-heavier? pos htll:local-weight)))))))
    (define (place-node x left top w h gen?)
      (cond
       ((not (htll:node? x)) (error "htll: not a layout" x))
       ;; A row (or column) whose height (width) wraps, with children aligned across it: the row
       ;; is as high as its highest child, so it is measured first and laid out at that height,
       ;; where its children can be centred or put at the end.
       ;; That first pass is remembered as measures are (measured-first): placing a level of
       ;; nested (vv A R 2 'center), its align node has just measured the rest in the same
       ;; lengths, and the pass laid the rest out once more. It is found now as the pass in any
       ;; height (measure-for-any) made while the level above was measured, put in place. (Each
       ;; level of 1,500 was laid out 5.9 times, now 4.9: 4-11% of the CPU, issue 19.)
       ;; Only measuring, a split whose children all align across (vv, ^^, << or >> with an
       ;; alignment) takes in the second pass what the first gave: across, the length it is
       ;; given, which the first pass found; along, what its children take along, which they
       ;; took laid out at their own length across, what an alignment lays its child at in
       ;; either pass (layout-align, layout-baseline); and the split's area procedure
       ;; (htll:wrap-split) uses the length across for nothing else. So that pass is left out:
       ;; 1,500 nested (vv A R 2 'center) ran 27.7 M bytecode instructions, now 19.5 M (issue
       ;; 19). (Not for a primitive whose extent along may depend on the length across, a
       ;; flow's, nor for a child that is laid out at it.)
       ((and (htll:cross-wrapped? x w h) (htll:aligned-across? x))
        (let ((m (measure-in measured-first x left top w h)))
          (cond ((and (not gen?) (aligned-split? x)) m)
                ((memq (htll:node-op x) htll:horizontal-ops) (layout-node x left top w (cdr m) gen?))
                (else (layout-node x left top (car m) h gen?)))))
       (else (layout-node x left top w h gen?))))
    (define (layout-node x left top w h gen?)
      (cond
       ((and gen? (htll:chain-link? x) (not (htll:wrap? (if (eq? (htll:node-op x) '^^) h w))))
        (layout-chain x left top w h))
       ((htll:node-layout x)
        (htll:place-primitive x (htll:node-layout x) left top w h
                              (lambda (c l t cw ch) (layout c l t cw ch gen?))
                              (lambda (c cw ch) (layout c left top cw ch #f))
                              (long? gen?)))
       (else
        (let ((cs (htll:node-children x)) (ps (htll:node-params x)))
          (case (htll:node-op x)
            ((hseq) (layout-seq cs left top w h gen? #f (htll:baseline-row-group x)))
            ((vseq) (layout-seq cs left top w h gen? #t))
            ((hseq*) (layout-seq* cs (car ps) (cadr ps) left top w h gen? #f))
            ((vseq*) (layout-seq* cs (car ps) (cadr ps) left top w h gen? #t))
            ((align) (if (eq? (cadr ps) 'baseline)
                         (layout-baseline (car cs) (caddr ps) left top w h gen?)
                         (layout-align (car cs) (car ps) (cadr ps) left top w h gen?)))
            (else (error "htll: unknown layout node" (htll:node-op x))))))))
    ;; The links of an h... or v... chain (htll:chain, 53-split-primitives.scm) placed in a loop,
    ;; where the area's length along the chain does not wrap: for each link, what its area
    ;; procedure (htll:wrap-split: the first child at its own length, the rest after it, and where
    ;; the length across wraps, the larger of what they take) gives and htll:place-children
    ;; resolves, made here directly. Through the protocol a link cost about 214 K instructions,
    ;; 160 K more than a view of a vseq (10,000 labels in one h...: 280 ms against 70 ms); in the
    ;; loop 89 K, what a view of an hseq* at its own width costs. Same expressions, locals, frames
    ;; and order as the links placed one by one (ChainTests compares them with nested << and ^^).
    (define (layout-chain head left top w h)
      (let* ((saved (cons htll:primitive-context htll:location-now))
             (vertical? (eq? (htll:node-op head) '^^))
             (axis (if vertical? 'y 'x))
             (across-wraps? (htll:wrap? (if vertical? w h)))
             (long (long? #t)))
        ;; (A length of the area as the area procedure received it and its child gets it back:
        ;; area-length.)
        (define same area-length)
        ;; What a child takes across the chain, of its extent.
        (define (across extent) (if vertical? (car extent) (cdr extent)))
        ;; Where the length across wraps, a link takes the larger of what its children take
        ;; (len-max of their placed lengths, resolved); an inner link's extent is named on its
        ;; way out (place). TAKEN holds what each link's first child takes, the innermost first.
        (define (larger taken last)
          (let fold ((ts taken) (b last))
            (let ((e (htll:e+ '() (htll:e-max (htll:e+ '() (car ts)) (htll:e+ '() b)))))
              (if (null? (cdr ts)) e (fold (cdr ts) (named e (if vertical? 'w 'h)))))))
        (let ((taken
               (let loop ((x head) (left left) (top top) (w w) (h h) (taken '()))
                 (set! htll:primitive-context (list x #f left top w h 0))
                 (set! htll:location-now (htll:node-location x))
                 (let* ((a (car (htll:node-children x)))
                        (b (cadr (htll:node-children x)))
                        (ax (same left))
                        (ay (same top))
                        (extent (if vertical? (layout a ax ay (same w) 'wrap #t) (layout a ax ay 'wrap (same h) #t)))
                        (start (if vertical? ay ax))
                        (len (if vertical? h w))
                        ;; Where B starts, and what is left for it: what htll:resolve-after and
                        ;; htll:resolve-rest give, without the list of placed children they read A's
                        ;; place from, and with START + A's length made once (htll:after-position,
                        ;; htll:rest-after). After a view, once the position refers to an edge, B
                        ;; starts at A's far edge and has the area's end less it, without that sum.
                        (edge-view (and (htll:e-has-edge? start) (htll:edge-view a axis)))
                        (along (if vertical? (cdr extent) (car extent)))
                        (pos (and (not edge-view) (not (htll:collapse-node? a)) (htll:e+ start along)))
                        (next (if edge-view
                                  (htll:e-edge axis edge-view)
                                  (htll:after-position axis a '() start along pos long)))
                        (rest (if edge-view
                                  (htll:e- (htll:e+ (if vertical? top left) len) next)
                                  (htll:rest-after a '() start along (if vertical? top left) len pos next)))
                        (bx (if vertical? ax next))
                        (by (if vertical? next ay))
                        (bw (if vertical? (same w) rest))
                        (bh (if vertical? rest (same h)))
                        (taken (and across-wraps? (cons (across extent) taken))))
                   ;; The next link of this chain: not a chain of the other direction as the last
                   ;; child, nor a link whose children align across a wrapped length (place-node
                   ;; measures that one first: it goes that way).
                   (if (and (htll:node? b) (htll:chain-link? b) (eq? (htll:node-op b) (htll:node-op head))
                            (not (and across-wraps? (htll:aligned-across? b))))
                       ;; What layout, place and place-node do on the way to the next link. (The
                       ;; position and length across the chain are this link's, named already, and
                       ;; an edge is one term: named would give each back as it is.)
                       (begin (set! steps (+ steps 1))
                              (if (> steps htll:solver-steps) (too-many-steps))
                              (if vertical?
                                  (loop b bx (if edge-view by (named by 'y)) bw (named bh 'h) taken)
                                  (loop b (if edge-view bx (named bx 'x)) by (named bw 'w) bh taken)))
                       (let ((last (layout b bx by bw bh #t)))
                         (and taken (larger taken (across last)))))))))
          (set! htll:primitive-context (car saved))
          (set! htll:location-now (cdr saved))
          (cond ((not taken) (cons (same w) (same h)))
                (vertical? (cons taken (same h)))
                (else (cons (same w) taken))))))
    ;; Across a sequence's axis (vertical? #t: up and down): C at its own length, at the start,
    ;; centre or end of the area; fill (or an area that is itself wrapped) gives it the area's.
    ;; Measured first, then placed: C is laid out twice, like the first child of vv or >>.
    (define (layout-align c vertical? mode left top w h gen?)
      (let ((len (if vertical? h w)))
        (if (or (eq? mode 'fill) (eq? len 'wrap))
            (layout c left top w h gen?)
            (let* ((own (if vertical? (cdr (layout c left top w 'wrap #f)) (car (layout c left top 'wrap h #f))))
                   (offset (case mode
                             ((start) '())
                             ((center) (htll:e* (htll:e- len own) 0.5))
                             (else (htll:e- len own))))
                   (size (if vertical?
                             (layout c left (htll:e+ top offset) w 'wrap gen?)
                             (layout c (htll:e+ left offset) top 'wrap h gen?))))
              (if vertical? (cons (car size) len) (cons len (cdr size)))))))
    ;; In a row aligned on 'baseline: C at its own height, its first baseline (top + ascent) as deep
    ;; as the deepest of the row's MEMBERS, y = top + max(ascents) - ascent(C), as UIStackView's
    ;; .firstBaseline places them. A text view's ascent is where its first baseline lies below its
    ;; top at its own height (htll:e-baseline-depth); any other child's is its own height (its
    ;; baseline is its bottom). A wrapped row is as high as what it holds.
    ;; A row nested in such a row has its own first baseline: the deepest of its children's. A
    ;; text view held by alignments only (a row of one, (h... 'start v)) is at its own height at
    ;; their top, so it brings its own baseline (htll:aligned-view, as the constraints have it).
    (define (layout-baseline c members left top w h gen?)
      ;; M's ascent at WIDTH, the one its row lays it at where that is known before (an hseq's
      ;; share, else 'wrap): measured at its own width, an aspect's box was another height than
      ;; the one laid.
      (define (own-height m width) (cdr (layout m left top width 'wrap #f)))
      (define (ascent m width)
        (let ((v (htll:aligned-view m)))
          (cond ((and v (htll:baseline-view? v)) (htll:e-baseline-depth v (own-height v width)))
                ((htll:baseline-row-group m) => deepest)
                (else (own-height m width)))))
      ;; Once per row (its group) and share, not once per child.
      ;; (Named when heavy: every member's position holds it, and a long row's is a MAX of all
      ;; its members' ascents.)
      (define (deepest group)
        (let ((share (hash-table-ref/default shares group 'wrap)) (known (hash-table-ref/default deepests group #f)))
          (if (and known (eq? (car known) share))
              (cdr known)
              (let* ((ms (group))
                     (d (named (let loop ((ms (cdr ms)) (a (ascent (car ms) share)))
                                 (if (null? ms) a (loop (cdr ms) (htll:e-max a (ascent (car ms) share)))))
                               'y)))
                (hash-table-set! deepests group (cons share d))
                d))))
      (let* ((offset (htll:e- (deepest members) (ascent c (hash-table-ref/default shares members 'wrap))))
             (size (layout c left (htll:e+ top offset) w 'wrap gen?)))
        (cons (car size) (if (htll:wrap? h) (htll:e+ offset (cdr size)) h))))
    ;; A long sequence refers to the previous view's far edge instead of summing every sibling
    ;; before it, once the sum has more than a few terms (small layouts keep the original's text).
    ;; Once a sequence refers to an edge, every later sibling does (a short position per view):
    ;; after a view A the position is shortened when (long-position? gen? pos start), see after.
    ;; Where the sibling after A starts: A laid out from START, EXTENT long, then MARGIN.
    ;; VIEW? is whether A is a view (the caller knows: a view is no collapse node either).
    ;; A view held by an align node across the axis (a sequence aligned 'center, say) has the
    ;; node's far edge (htll:edge-view). After any other layout (a row of a column whose
    ;; heights wrap) there is no edge: once the position is long, or ROW-LOCAL? (the position
    ;; before was named so), it becomes a local, each row's end the previous one plus the row.
    ;; (After such a local the sequence is long: a view's far edge follows it, as after a sum.)
    ;; (Named only as the layout's area, each such local summed every row before it again: 400
    ;; rows printed 5 MB in 10 s, issue 19.)
    (define (after start a view? extent margin gen? axis row-local?)
      (if (and (not view?) (htll:collapse-node? a))
          ;; (Shown or not at run time, it has no edge either: a long sum of them is named too.)
          (let ((pos (htll:e+ start (htll:e-shown (htll:collapsed-view a) (htll:e+ margin extent)))))
            (if (row-end-named? gen? pos row-local?) (htll:e-local axis pos) pos))
          ;; (Once START refers to an edge the sum is not needed: the test would say yes whatever it
          ;; is. With no margin, most sequences' gap, adding nothing would copy the sum.)
          (let* ((v (if view? a (htll:edge-view a axis)))
                 (pos (and (not (and gen? v (htll:e-has-edge? start)))
                           (htll:e+ (if (null? margin) start (htll:e+ start margin)) extent))))
            (cond ((or (not pos) (and v (or (and gen? row-local?) (long-position? gen? pos start))))
                   (if (null? margin) (htll:e-edge axis v) (htll:e+ (htll:e-edge axis v) margin)))
                  ((and (not v) (row-end-named? gen? pos row-local?)) (htll:e-local axis pos))
                  (else pos)))))
    ;; The length A takes in a sequence: EXTENT then MARGIN, or nothing when A collapses.
    (define (taken a extent margin)
      (if (htll:collapse-node? a)
          (htll:e-shown (htll:collapsed-view a) (htll:e+ extent margin))
          (htll:e+ extent margin)))
    ;; (For every view: the size attribute and 'wrap tested in place, not through calls.)
    ;; SIZE? #f: the caller (run-seq) uses no size of a view it places, and gets #f instead of
    ;; the view's bounds, made for every view of a long sequence and not used.
    (define (layout-view v left top w h gen? size?)
      (let* ((a (assq 'size (htll:view-attributes v))) (fixed (and a (cdr a))))
        (if fixed
            (let ((fw (htll:e-const (car (htll:resource-args fixed))))
                  (fh (htll:e-const (cadr (htll:resource-args fixed)))))
              (if gen? (emit! (list 'frame v left top fw fh)))
              (cons fw fh))
            (let ((w-wraps? (eq? w 'wrap)) (h-wraps? (eq? h 'wrap)))
              (if (or w-wraps? h-wraps?) (fit! v))
              (let ((fw (if w-wraps? (htll:e-bound 'w v) w))
                    (fh (if h-wraps? (htll:e-bound 'h v) h)))
                (if gen?
                    (begin (emit! (list 'frame v left top fw fh))
                           ;; Later siblings refer to this view's runtime bounds, as the original did.
                           (and size? (cons (htll:e-bound 'w v) (htll:e-bound 'h v))))
                    (cons fw fh)))))))
    ;; hseq / vseq: equal shares (or each its own length when the length wraps).
    ;; GROUP: an hseq's children aligned on 'baseline (htll:baseline-row-group), or #f; their
    ;; share is kept for layout-baseline.
    (define (layout-seq cs left top w h gen? vertical? . group)
      (let* ((n (length cs))
             (len (if vertical? h w))
             ;; (With children that collapse, the share divides by a sum over them: named once
             ;; here, not again as each child's area.)
             (share (cond ((htll:wrap? len) 'wrap)
                          ((htll:any-collapse? cs) (named (htll:e-quotient len (htll:e-max (htll:visible-count cs) (htll:e-const 1))) (if vertical? 'h 'w)))
                          (else (htll:e* len (/ 1.0 n))))))
        (if (and (pair? group) (car group)) (hash-table-set! shares (car group) share))
        (run-seq cs (if vertical? top left) share htll:no-gap left top w h gen? vertical?)))
    ;; Lays CS out one after the other from START, each child EACH-LENGTH long ('wrap: its own
    ;; length), then GAP-AFTER(C REST) of space. Returns (width . height) like layout.
    (define (run-seq cs start each-length gap-after left top w h gen? vertical?)
      (let ((axis (if vertical? 'y 'x))
            ;; The extent across the axis counts only where that length wraps.
            (across? (htll:wrap? (if vertical? w h)))
            ;; The same for the length used along it.
            (along? (htll:wrap? (if vertical? h w))))
        ;; PREV is (previous child . the gap after it). MEASURED is #f, or (GAP . E): a long gap
        ;; (the free length shared out, summing every child's size) that the views already placed
        ;; show at run time as E, so later positions need not repeat it.
        ;; GAP-LOCAL is #f, or (GAP . LOCAL): a heavy gap after layouts that are no views (rows
        ;; of a distributed column: the free length shared out sums every row's size), named
        ;; once, where each row's end would repeat it.
        (let loop ((cs cs) (pos start) (used '()) (across #f) (prev #f) (measured #f) (row-local? #f) (gap-local #f))
          (if (null? cs)
              (let ((across (or across '())))
                (if vertical?
                    (cons (if (htll:wrap? w) across w) (if (htll:wrap? h) used h))
                    (cons (if (htll:wrap? w) used w) (if (htll:wrap? h) across h))))
              (let* ((c (car cs))
                     (view? (htll:view? c))
                     ;; Whether the next position is C's far edge (see after): in a long sequence
                     ;; once POS starts with an edge, the usual case. Then C's size is not used
                     ;; unless a length wraps.
                     (edge-next? (and gen? view? (pair? pos) (let ((a (cdar pos))) (and a (eq? (car a) 'edge)))))
                     ;; (A view, most children of a long sequence, laid out as layout would,
                     ;; without its call and its test of what C is.)
                     (o (if view?
                            (let ((size? (not (and edge-next? (not across?) (not along?)))))
                              (set! steps (+ steps 1))
                              (if (> steps htll:solver-steps) (too-many-steps))
                              (if vertical?
                                  (layout-view c left pos w each-length gen? size?)
                                  (layout-view c pos top each-length h gen? size?)))
                            (if vertical?
                                (layout c left pos w each-length gen?)
                                (layout c pos top each-length h gen?))))
                     (along (and o (if vertical? (cdr o) (car o))))
                     (other (cond ((not across?) #f)
                                  ((htll:collapse-node? c)
                                   (htll:e-shown (htll:collapsed-view c) (if vertical? (car o) (cdr o))))
                                  (else (if vertical? (car o) (cdr o)))))
                     (measured (or measured
                                   (and gen? prev (pair? (cdr prev)) view? (htll:view? (car prev))
                                        (htll:e-heavier? (cdr prev) htll:gap-weight)
                                        ;; c starts where prev ends plus the gap: its origin, its
                                        ;; far edge less its (non-negative, own) length.
                                        (cons (cdr prev)
                                              (htll:e- (htll:e- (htll:e-edge axis c) (htll:e-bound (if vertical? 'h 'w) c))
                                                       (htll:e-edge axis (car prev)))))))
                     (own-gap (if (eq? gap-after htll:no-gap) '() (gap-after c (cdr cs))))
                     (gap-local (if (and gen? (not view?) (pair? own-gap) (not (and gap-local (eq? (car gap-local) own-gap)))
                                         (htll:e-heavier? own-gap htll:gap-weight))
                                    (cons own-gap (htll:e-local axis own-gap))
                                    gap-local))
                     (gap (cond ((and measured (eq? own-gap (car measured))) (cdr measured))
                                ((and gap-local (not view?) (eq? own-gap (car gap-local))) (cdr gap-local))
                                (else own-gap)))
                     ;; (after's answer when POS starts with an edge, the usual case of a long
                     ;; sequence, without its call: C's own far edge.)
                     (next (if edge-next?
                               (let ((edge (list (cons 1 (list 'edge axis c)))))
                                 (if (null? gap) edge (htll:e+ edge gap)))
                               (after pos c view? along gap gen? axis row-local?)))
                     ;; Once positions refer to an edge, the used length is measured from START.
                     (used (and along?
                                (let ((u (htll:e+ used (taken c along gap))))
                                  (if (> (length u) htll:expression-terms) (htll:e- next start) u)))))
                (loop (cdr cs) next used (cond ((not across?) #f) (across (wider across other)) (else other))
                      (cons c own-gap) measured (and (not view?) (lone-local? next)) gap-local))))))
    ;; hseq* / vseq*: children at their own length (fill-equally: equal shares) GAP apart, the
    ;; free length distributed by MODE.
    (define (layout-seq* cs gap mode left top w h gen? vertical?)
      (let* ((n (length cs))
             (len (if vertical? h w))
             (start (if vertical? top left))
             (g (htll:e-const gap))
             (gaps (lambda (c rest) (if (null? rest) '() g)))
             ;; How many children show: N, or a sum over the collapsing ones at run time.
             (collapsing? (htll:any-collapse? cs))
             (count (htll:visible-count cs))
             (gap-total (htll:e* (htll:e- count (htll:e-const 1)) gap))
             ;; E shared among the shown children plus EXTRA.
             (per (lambda (e extra)
                    (if collapsing?
                        (htll:e-quotient e (htll:e-max (htll:e+ count (htll:e-const extra)) (htll:e-const 1)))
                        (htll:e* e (/ 1.0 (+ n extra)))))))
        (cond
         ((htll:wrap? len) (run-seq cs start 'wrap gaps left top w h gen? vertical?))
         ((eq? mode 'fill-equally)
          (let ((share (named (per (htll:e- len gap-total) 0) (if vertical? 'h 'w))))
            (run-seq cs start share gaps left top w h gen? vertical?)))
         (else
          ;; Measure every child first (its sizeToFit comes before any frame that depends on it).
          (let* ((measured (map (lambda (c) (if vertical? (layout c left top w 'wrap #f) (layout c left top 'wrap h #f))) cs))
                 (sizes (map (lambda (c o) (taken c (if vertical? (cdr o) (car o)) '())) cs measured))
                 (free (htll:e- len (htll:e-sum-list (append sizes (list gap-total)))))
                 (spare (htll:e-max free '()))
                 (lead+unit
                  (case mode
                    ((start) (cons '() '()))
                    ((center) (cons (htll:e* free 0.5) '()))
                    ((end) (cons free '()))
                    ((space-between) (cons '() (if (or collapsing? (> n 1)) (per spare -1) '())))
                    ((space-around) (cons (per (htll:e* spare 0.5) 0) (per spare 0)))
                    ((space-evenly) (cons (per spare 1) (per spare 1)))
                    (else (error "htll: unknown distribution" mode))))
                 (step (htll:e+ g (cdr lead+unit))))
            (if gen?
                (run-seq cs (htll:e+ start (car lead+unit)) 'wrap (lambda (c rest) (if (null? rest) '() step))
                         left top w h gen? vertical?)
                ;; Only measuring: the sizes are known, no second pass (nested sequences stay polynomial).
                (let ((across (if vertical? w h)))
                  (if (htll:wrap? across)
                      (let ((widest (let loop ((cs cs) (os measured) (acc #f))
                                      (if (null? cs)
                                          (or acc '())
                                          (let* ((o (car os))
                                                 (other (if vertical? (car o) (cdr o)))
                                                 (other (if (htll:collapse-node? (car cs))
                                                            (htll:e-shown (htll:collapsed-view (car cs)) other)
                                                            other)))
                                            (loop (cdr cs) (cdr os) (if acc (wider acc other) other)))))))
                        (if vertical? (cons widest h) (cons w widest)))
                      (cons w h)))))))))
    ;; The root's area: the parent's bounds, or its safe area (htll:root-bounds, 55-traits.scm).
    (let ((b (htll:root-bounds root)))
      (layout (htll:root-child root) (car b) (cadr b) (caddr b) (cadddr b) #t)
      (reverse program))))

;;; The concrete form: run the program for a parent of WIDTH x HEIGHT points.
;;; MEASURE returns a view's intrinsic (width . height), what sizeToFit would give it.
;;; Returns ((view x y w h) ...) in the order frames are set.
(define (htll:run-program program width height measure)
  ;; A view's current frame lives in its scratch mark as (token x y width height).
  (let ((token (htll:fresh-mark)) (frames '()))
    (define (frame-of v)
      (let ((b (htll:view-mark v))) (if (and (pair? b) (eq? (car b) token)) (cdr b) '(0 0 0 0))))
    (define (bound-value dim owner)
      (cond ((string? owner) (if (eq? dim 'w) width height))
            ((eq? dim 'frame) (frame-of owner))
            ((eq? dim 'w) (caddr (frame-of owner)))
            (else (cadddr (frame-of owner)))))
    (define (set-frame! v x y w h) (htll:set-view-mark! v (list token x y w h)))
    (for-each
     (lambda (s)
       (cond
        ((eq? (car s) 'let) (htll:set-local-value! (cadr s) (htll:e-eval (htll:local-expression (cadr s)) bound-value)))
        ((eq? (car s) 'size-to-fit)
           ;; sizeToFit keeps the origin.
           (let ((size (measure (cadr s))) (f (frame-of (cadr s))))
             (set-frame! (cadr s) (car f) (cadr f) (car size) (cdr size))))
        (else
           (let* ((v (cadr s)) (es (cddr s))
                  (vals (list (htll:e-eval (car es) bound-value) (htll:e-eval (cadr es) bound-value)
                              (htll:e-eval (caddr es) bound-value) (htll:e-eval (cadddr es) bound-value))))
             (htll:set-view-mark! v (cons token vals))
             ;; The solver sets each view's frame once.
             (set! frames (cons (cons v vals) frames))))))
     program)
    (reverse frames)))
