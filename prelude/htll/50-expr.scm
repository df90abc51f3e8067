;;; HTLL prelude: frame expressions.
;;; An expression is a sum of terms, kept simplified as it is built: a list of (coefficient . atom),
;;; atom #f for the constant. Ratios are numbers, so expressions stay linear: no products of atoms,
;;; no division but the quotient atom. Atoms, one kind per clause in each function below:
;;;   (bound w OWNER) / (bound h OWNER)  the runtime width or height of a view (OWNER a view record)
;;;                                      or of the parent (OWNER its Objective-C string)
;;;   (max E F)                          the larger of two expressions (min is -max(-E, -F))
;;;   (edge x VIEW) / (edge y VIEW)      VIEW's far edge, CGRectGetMaxX/MaxY(VIEW.frame): what a
;;;                                      long sequence refers to instead of summing every sibling
;;;   (shown VIEW E)                     0 when VIEW is hidden at run time, else E (collapse-when-hidden)
;;;   (quotient E F)                     E / F, F at least 1: a share among the views not hidden
;;;                                      (the only division, and only where views collapse)
;;;   (if<= A B THEN ELSE)               THEN when A <= B at run time, else ELSE (a primitive's choice,
;;;                                      such as flow's line breaks)
;;;   (safe-area SIDE PARENT)            the parent's safe-area inset on SIDE (55-traits.scm)
;;;   (ascender VIEW)                    the ascender of a label's, text field's or button's font
;;;   (line-height VIEW)                 the line height of that font ('baseline rows: where the
;;;                                      first baseline lies below the view's top, htll:e-baseline-depth)
;;;   (placed w CHILD) / (placed h CHILD) the length a primitive's CHILD takes once placed: only
;;;                                      while a defined primitive is solved (52-primitive-protocol.scm)
;;;   (after x CHILD GAP) / (after y ...) where the child after CHILD starts (next-x, next-y), then too
;;;   (rest x CHILD GAP START LEN)       the area START, LEN long, left after CHILD (rest-width), then too
;;;   (local AXIS E SLOT)                a local variable standing for E (60-solver.scm names heavy
;;;                                      expressions); SLOT is (number . value): its number once
;;;                                      the program defines it, its value while a program runs
;;;   (area AXIS)                        the width (w) or height (h) of an area not yet known: only
;;;                                      while the solver measures a node for any length
;;;                                      (60-solver.scm, measure-for-any; 51-area-lengths.scm),
;;;                                      never in a program

(define htll:epsilon 1e-12)

(define (htll:e-const c) (if (and (number? c) (= c 0)) '() (list (cons c #f))))
(define (htll:e-atom a) (list (cons 1 a)))
;; (htll:e-atom written out: the solver makes two for every view it places.)
(define (htll:e-bound dim owner) (list (cons 1 (list 'bound dim owner))))
(define (htll:e-ascender view) (htll:e-atom (list 'ascender view)))
(define (htll:e-line-height view) (htll:e-atom (list 'line-height view)))

;; The view an atom belongs to, or #f (the parent's bounds, the constant): atoms equal by
;; htll:atom=? belong to the same view (htll:e+indexed finds them through it). A max or quotient
;; whose first expression is one term belongs to that term's view (two equal ones have equal
;; first terms; with more terms, the order may differ, so #f): a column of rows sums a MAX for
;; each row, and scanning all of them for each was quadratic (2,000 rows in 0.5 s, issue 19).
(define (htll:atom-view a)
  (and a (case (car a)
           ((bound) (and (htll:view? (caddr a)) (caddr a)))
           ((edge) (caddr a))
           ((shown ascender line-height) (cadr a))
           ((placed after rest) (and (htll:view? (caddr a)) (caddr a)))
           ((max quotient) (let ((e (cadr a))) (and (pair? e) (null? (cdr e)) (htll:atom-view (cdar e)))))
           (else #f))))

(define (htll:atom=? a b)
  (cond ((eq? a b) #t)
        ((or (not a) (not b)) #f)
        ((not (eq? (car a) (car b))) #f)
        ;; A local is only itself (eq?, above): tested first, the commonest atom after a bound
        ;; in the sums of a primitive that names its lengths (flow's).
        ((eq? (car a) 'local) #f)
        ((eq? (car a) 'bound)
         (and (eq? (cadr a) (cadr b))
              (let ((x (caddr a)) (y (caddr b)))
                (or (eq? x y) (and (string? x) (string? y) (string=? x y))))))
        ((eq? (car a) 'max) (and (htll:e=? (cadr a) (cadr b)) (htll:e=? (caddr a) (caddr b))))
        ((eq? (car a) 'edge) (and (eq? (cadr a) (cadr b)) (eq? (caddr a) (caddr b))))
        ((eq? (car a) 'shown) (and (eq? (cadr a) (cadr b)) (htll:e=? (caddr a) (caddr b))))
        ((eq? (car a) 'quotient) (and (htll:e=? (cadr a) (cadr b)) (htll:e=? (caddr a) (caddr b))))
        ;; (A, B, THEN and ELSE, pairwise.)
        ((eq? (car a) 'if<=) (let loop ((x (cdr a)) (y (cdr b)))
                               (if (and (pair? x) (pair? y))
                                   (and (htll:e=? (car x) (car y)) (loop (cdr x) (cdr y)))
                                   (and (null? x) (null? y)))))
        ;; (safe-area SIDE PARENT): the parent's safe-area inset (55-traits.scm).
        ((eq? (car a) 'safe-area) (and (eq? (cadr a) (cadr b)) (string=? (caddr a) (caddr b))))
        ((memq (car a) '(ascender line-height)) (eq? (cadr a) (cadr b)))
        ((eq? (car a) 'placed) (and (eq? (cadr a) (cadr b)) (eq? (caddr a) (caddr b))))
        ((memq (car a) '(after rest)) (and (eq? (cadr a) (cadr b)) (eq? (caddr a) (caddr b)) (htll:e=? (cadddr a) (cadddr b))))
        (else #f)))

(define (htll:e-lookup atom e)
  (cond ((null? e) #f) ((htll:atom=? atom (cdar e)) (car e)) (else (htll:e-lookup atom (cdr e)))))

;; (%htll-e=? answers as htll:e-same? does, or '() when it cannot tell: ExpressionBuiltins.swift,
;; sameExpression.)
(define (htll:e=? e f)
  (or (eq? e f) (let ((r (%htll-e=? e f))) (if (null? r) (htll:e-same? e f) r))))

(define (htll:e-same? e f)
  ;; (The lengths compared by walking both: two calls of length cost more for short sums.)
  (and (let same-length? ((x e) (y f)) (if (pair? x) (and (pair? y) (same-length? (cdr x) (cdr y))) (not (pair? y))))
       (htll:every (lambda (t) (let ((u (htll:e-lookup (cdr t) f))) (and u (= (car u) (car t))))) e)))

;; Whether lengths A and B are the same to the solver's measure memo (60-solver.scm): one object,
;; or sums of as many terms where each term of A has one in B of an equal coefficient and the same
;; atom, htll:atom=?'s or two locals whose definitions are htll:e=? (a length named afresh at each
;; visit is the same length; the locals inside those definitions are compared by identity).
;; %htll-same-length? (ExpressionSameLength.swift) answers the same, or '() when it cannot tell:
;; a quarter of the solve of nested aligned splits was these comparisons (issue 19).
(define (htll:same-length? a b)
  (let ((r (%htll-same-length? a b))) (if (null? r) (htll:same-length-prelude? a b) r)))

(define (htll:same-length-prelude? a b)
  (or (eq? a b)
      (and (pair? a) (pair? b)
           (let same-size? ((x a) (y b)) (if (pair? x) (and (pair? y) (same-size? (cdr x) (cdr y))) (not (pair? y))))
           (let each ((ts a))
             (or (null? ts)
                 (and (let find ((us b))
                        (and (pair? us)
                             (or (and (= (caar us) (caar ts)) (htll:same-atom-or-local? (cdar ts) (cdar us))) (find (cdr us)))))
                      (each (cdr ts))))))))

;; Atoms as htll:atom=? compares them, and two locals whose definitions are equal expressions.
(define (htll:same-atom-or-local? x y)
  (or (htll:atom=? x y)
      (and x y (eq? (car x) 'local) (eq? (car y) 'local)
           (htll:e=? (htll:local-expression x) (htll:local-expression y)))))

;; Sum, keeping the order in which atoms first appear. A long F added to nothing goes the indexed
;; way too: the scan finds each of its terms among the ones before it (quadratic; a position that
;; starts with a term to resolve is rebuilt from nothing, htll:resolve-placed), and both ways
;; give the same sum.
;; The Swift builtins %htll-e+ and %htll-e* (ExpressionBuiltins.swift) return what htll:e+prelude
;; and htll:e*prelude return, or #f where only those can tell (a sum past the small sizes, atoms
;; nested deep, a ratio), and then they run. (About 7 K instructions for a term
;; added to a two-term sum here, 2 K there: every position of every view is such a sum.)
(define (htll:e+ e f)
  (or (%htll-e+ e f htll:epsilon) (htll:e+prelude e f)))

(define (htll:e+prelude e f)
  (if (if (and (pair? f) (null? (cdr f)))
          ;; (One term, the commonest sum: the same test with F's length known.)
          (< (length e) 64)
          (if (null? e) (< (length f) 8) (< (* (length e) (length f)) 64)))
      (htll:e+scan e f)
      (htll:e+indexed e f)))

;; Small sums: find each term of F among the terms so far. Adding one term (a position plus a
;; child's length, the commonest sum while solving) copies E once; the general case below
;; rebuilds the whole sum. E and F are simplified (no term under htll:epsilon), so only a term
;; that combined can vanish.
(define (htll:e+scan e f)
  (if (and (pair? f) (null? (cdr f)))
      (htll:e+term e (car f))
      (htll:e+terms e f)))

;; Adding a term T scans a sum for a term of T's atom A: atom B is A as (htll:atom=? B A) says.
;; The commonest atom is a view's bound, so OWNER, A's view when A is a view's bound (else #f),
;; is found once per term added, and then B is A only as the same view's same bound, compared
;; without a call; atoms of another kind than A's (most of a sum's) are passed over without it
;; too. The test is written out where a sum scans (htll:e+term, htll:e+terms, htll:e+indexed):
;;   (if owner
;;       (and b (eq? (car b) 'bound) (eq? (caddr b) owner) (eq? (cadr b) (cadr a)))
;;       (or (eq? a b) (and a b (eq? (car a) (car b)) (htll:atom=? b a))))
;; (A syntax would stay source in the prelude image, compiled at every start.)

;; A's view when A is a view's bound, else #f.
(define (htll:bound-view a) (and a (eq? (car a) 'bound) (htll:view? (caddr a)) (caddr a)))

;; E plus the one term T. The scan conses nothing: the new sum is E with T appended, or E with
;; T's atom's term replaced (or dropped when it cancels).
(define (htll:e+term e t)
  (let* ((a (cdr t)) (owner (htll:bound-view a)))
    (let find ((xs e))
      (cond ((null? xs) (append e (list t)))
            ((let ((b (cdar xs)))
               (if owner
                   (and b (eq? (car b) 'bound) (eq? (caddr b) owner) (eq? (cadr b) (cadr a)))
                   (or (eq? a b) (and a b (eq? (car a) (car b)) (htll:atom=? b a)))))
             (let ((k (+ (caar xs) (car t))))
               (htll:replace-tail e xs (if (> (abs k) htll:epsilon) (cons (cons k a) (cdr xs)) (cdr xs)))))
            (else (find (cdr xs)))))))

;; The terms of E before its tail XS, then TAIL.
(define (htll:replace-tail e xs tail)
  (let loop ((ys e) (before '()))
    (if (eq? ys xs) (append-reverse before tail) (loop (cdr ys) (cons (car ys) before)))))

;; E plus F, F of several terms: each term of F is found among the sum's terms so far, newest
;; first, and added to it in place (a term that cancels keeps its place until the end, where the
;; terms under htll:epsilon are dropped), or appended. The sum's spine is its own (a reversed
;; copy of E), so it is changed in place instead of copied at every match.
(define (htll:e+terms e f)
  (let loop ((f f) (acc (reverse e)))
    (if (null? f)
        (let keep ((xs acc) (out '()))
          (cond ((null? xs) out)
                ((> (abs (caar xs)) htll:epsilon) (keep (cdr xs) (cons (car xs) out)))
                (else (keep (cdr xs) out))))
        (let* ((t (car f)) (a (cdr t)) (owner (htll:bound-view a)))
          (let find ((xs acc))
            (cond ((null? xs) (loop (cdr f) (cons t acc)))
                  ((let ((b (cdar xs)))
                     (if owner
                         (and b (eq? (car b) 'bound) (eq? (caddr b) owner) (eq? (cadr b) (cadr a)))
                         (or (eq? a b) (and a b (eq? (car a) (car b)) (htll:atom=? b a)))))
                   (set-car! xs (cons (+ (caar xs) (car t)) (cdar xs)))
                   (loop (cdr f) acc))
                  (else (find (cdr xs)))))))))

;; Large sums in time linear in the number of terms (the same result as htll:e+scan): a term of a
;; view's atom is found through the view's scratch mark, which holds (token (atom . slot) ...) for
;; the duration of the call and is restored after; the few other atoms are scanned.
(define (htll:e+indexed e f)
  ;; One loop over E's terms then F's, its state in its variables: no closures over boxed ones.
  ;; SAVED holds (view . its mark before), OTHERS (atom . slot) for the atoms of no view.
  (let ((token (list 'e+))
        (slots (make-vector (+ (length e) (length f)) #f)))
    (let loop ((ts e) (f f) (count 0) (saved '()) (others '()))
      (cond
       ((pair? ts)
        (let* ((t (car ts)) (a (cdr t)) (v (htll:atom-view a))
               (m (and v (htll:view-mark v)))
               (mine (and v (pair? m) (eq? (car m) token)))
               (owner (and v (eq? (car a) 'bound) v))
               (i (let find ((es (if v (if mine (cdr m) '()) others)))
                    (cond ((null? es) #f)
                          ((let ((b (caar es)))
                             (if owner
                                 (and b (eq? (car b) 'bound) (eq? (caddr b) owner) (eq? (cadr b) (cadr a)))
                                 (or (eq? a b) (and a b (eq? (car a) (car b)) (htll:atom=? b a)))))
                           (cdar es))
                          (else (find (cdr es)))))))
          (vector-set! slots (or i count) (if i (cons (+ (car (vector-ref slots i)) (car t)) a) t))
          (cond (i (loop (cdr ts) f count saved others))
                ((not v) (loop (cdr ts) f (+ count 1) saved (cons (cons a count) others)))
                (mine (set-cdr! m (cons (cons a count) (cdr m)))
                      (loop (cdr ts) f (+ count 1) saved others))
                (else (htll:set-view-mark! v (list token (cons a count)))
                      (loop (cdr ts) f (+ count 1) (cons (cons v m) saved) others)))))
       ((pair? f) (loop f '() count saved others))
       (else
        (for-each (lambda (s) (htll:set-view-mark! (car s) (cdr s))) saved)
        (let collect ((i (- count 1)) (acc '()))
          (if (< i 0)
              acc
              (collect (- i 1) (let ((t (vector-ref slots i))) (if (> (abs (car t)) htll:epsilon) (cons t acc) acc))))))))))

;; (One loop: every area's share and every difference goes through here.)
(define (htll:e* e k)
  (or (%htll-e* e k htll:epsilon) (htll:e*prelude e k)))

(define (htll:e*prelude e k)
  (if (and (number? k) (= k 0))
      '()
      (let loop ((ts e) (acc '()))
        (if (null? ts)
            (reverse acc)
            (let ((c (* (caar ts) k)))
              (loop (cdr ts) (if (> (abs c) htll:epsilon) (cons (cons c (cdar ts)) acc) acc)))))))

(define (htll:e- e f) (htll:e+ e (htll:e* f -1)))

(define (htll:e-sum . es) (htll:e-sum-list es))

;; The sum of a list of expressions; one indexed pass when there are many.
(define (htll:e-sum-list es)
  (if (and (pair? es) (> (length es) 8))
      (htll:e+indexed '() (apply append es))
      ;; The first expression is already simplified: the sum starts from it.
      (let loop ((es (if (pair? es) (cdr es) es)) (acc (if (pair? es) (car es) '())))
        (if (null? es) acc (loop (cdr es) (htll:e+ acc (car es)))))))

(define (htll:e-constant? e) (or (null? e) (and (not (cdar e)) (htll:e-constant? (cdr e)))))
(define (htll:e-number e) (if (null? e) 0 (caar e)))

(define (htll:e-max e f)
  (cond ((and (htll:e-constant? e) (htll:e-constant? f)) (htll:e-const (max (htll:e-number e) (htll:e-number f))))
        ((htll:e=? e f) e)
        (else (htll:e-atom (list 'max e f)))))

(define (htll:e-min e f) (htll:e* (htll:e-max (htll:e* e -1) (htll:e* f -1)) -1))

;; Whether E weighs more than LIMIT: has more terms than that, counting those inside its atoms
;; too (how long its text is, roughly). Counted down from LIMIT and stopped once past it: every
;; question asks about a threshold, so a long sum or a deep chain of max (the width of nested
;; aligned rows) costs no more than LIMIT terms. The Swift builtin %htll-e-weight-left
;; (ExpressionWeight.swift) answers as htll:e-weight-left does, or #f: the solver asks at every
;; position and length of every node it places or measures, and in 1,500 nested (vv A R 2
;; 'center) the walk in the interpreter was 19 of 97 million bytecode instructions (issue 19).
(define (htll:e-heavier? e limit)
  (cond ((null? e) (< limit 0))
        ;; (One term of a view's bound or a constant, most positions of a sequence: no call.)
        ((and (null? (cdr e)) (let ((a (cdar e))) (or (not a) (eq? (car a) 'bound)))) (< limit 1))
        (else (< (or (%htll-e-weight-left e limit) (htll:e-weight-left e limit)) 0))))

;; BUDGET less E's weight, or a negative number as soon as the weight passes BUDGET.
(define (htll:e-weight-left e budget)
  (let loop ((ts e) (n budget))
    (if (or (null? ts) (< n 0))
        n
        ;; A view's bound (most terms) weighs nothing more: no call for it.
        (let ((a (cdar ts)))
          (loop (cdr ts) (if (and a (not (eq? (car a) 'bound))) (htll:atom-weight-left a (- n 1)) (- n 1)))))))

(define (htll:atom-weight-left a budget)
  (case (car a)
    ((max quotient) (let ((n (htll:e-weight-left (cadr a) budget))) (if (< n 0) n (htll:e-weight-left (caddr a) n))))
    ((shown) (htll:e-weight-left (caddr a) budget))
    ((if<=) (let loop ((es (cdr a)) (n budget)) (if (or (null? es) (< n 0)) n (loop (cdr es) (htll:e-weight-left (car es) n)))))
    (else budget)))

;; An area's position or length, or an extent, heavier than this (htll:e-heavier?: about its number
;; of terms) becomes a local (htll:e-local): `CGFloat htllY3 = ...;` then `htllY3` wherever it is
;; used. Inlining would repeat every ancestor's terms in each descendant's frame, so 1,600 nested
;; aboves printed 38 MB; with locals, output and solving time grow linearly with the layout. The
;; threshold keeps small layouts printing exactly what the original htllc printed: its examples,
;; our goldens and every layout up to 16 nested levels stay under it (sequences already switch to
;; their previous view's far edge after htll:expression-terms terms; above and beside refer to
;; their first child's far edge where the position after it would be named, htll:next-when-heavy).
(define htll:local-weight 16)

;; A local standing for E, named after AXIS (x y w h) once defined: htllX1, htllH2, ...
;; The last element keeps its text once printed, as (number . text).
(define (htll:e-local axis e) (htll:e-atom (list 'local axis e (cons #f #f) #f)))
(define (htll:local-expression a) (caddr a))
(define (htll:local-name a) (car (cadddr a)))
(define (htll:set-local-name! a n) (set-car! (cadddr a) n))
(define (htll:local-value a) (cdr (cadddr a)))
(define (htll:set-local-value! a x) (set-cdr! (cadddr a) x))
(define (htll:local-text a)
  (let ((n (htll:local-name a)))
    (if (not n) (error "htll: a local used before it is defined" a))
    ;; Made once: a local is printed where it is defined and wherever it is used (a flow's three
    ;; a view, each used in the next view's: issue 19).
    ;; (cdr of cdddr and eq? on the fixnum N: instructions, where cddddr and eqv? are calls.)
    (let* ((cell (cdr (cdddr a))) (kept (car cell)))
      (if (and kept (eq? (car kept) n))
          (cdr kept)
          (let ((text (string-append "htll" (cdr (assq (cadr a) '((x . "X") (y . "Y") (w . "W") (h . "H")))) (number->string n))))
            (set-car! cell (cons n text))
            text)))))

;; Calls PROC on every local atom of E, outside other locals' expressions. (A loop, not for-each
;; and a procedure per term: every frame statement walks its four expressions.)
(define (htll:e-for-each-local e proc)
  (let loop ((ts e))
    (if (pair? ts)
        (let ((a (cdar ts)))
          (if (and a (not (eq? (car a) 'bound)))
              (case (car a)
                ((local) (proc a))
                ((max quotient) (htll:e-for-each-local (cadr a) proc) (htll:e-for-each-local (caddr a) proc))
                ((shown) (htll:e-for-each-local (caddr a) proc))
                ;; (Its four expressions by name: a procedure made for for-each cost more, and
                ;; a flow makes three of these a view.)
                ((if<=) (htll:e-for-each-local (cadr a) proc) (htll:e-for-each-local (caddr a) proc)
                        (htll:e-for-each-local (cadddr a) proc) (htll:e-for-each-local (cadr (cdddr a)) proc))
                (else #f)))
          (loop (cdr ts))))))

;; VIEW's far edge along AXIS (x or y), read from its frame at run time.
;; (htll:e-atom written out: a long sequence makes one for every view.)
(define (htll:e-edge axis view) (list (cons 1 (list 'edge axis view))))

;; E divided by F; F is a count of views, at least 1.
(define (htll:e-quotient e f)
  (cond ((null? e) e)
        ((htll:e-constant? f) (htll:e* e (/ 1.0 (htll:e-number f))))
        (else (htll:e-atom (list 'quotient e f)))))

;; The latest comparison made by htll:e-if<=, #(A B A-B): a primitive's choices on one test
;; (flow's three for each child: where it goes, its line's top and height) compare the same two
;; expressions, and expressions never change.
(define htll:latest-if<= (vector #f #f #f))

;; THEN when A <= B at run time, else ELSE; decided now when A - B is a constant.
(define (htll:e-if<= a b then else)
  (let ((d (let ((latest htll:latest-if<=))
             (if (and (eq? (vector-ref latest 0) a) (eq? (vector-ref latest 1) b))
                 (vector-ref latest 2)
                 (let ((d (htll:e- a b)))
                   (vector-set! latest 0 a) (vector-set! latest 1 b) (vector-set! latest 2 d)
                   d)))))
    (cond ((htll:e-constant? d) (if (<= (htll:e-number d) 0) then else))
          ((htll:e=? then else) then)
          (else (htll:e-atom (list 'if<= a b then else))))))

;; E, or 0 when VIEW is hidden at run time.
;; Whether VIEW's font is its own (a label or text field), not its title label's (a button).
(define (htll:text-field-or-label? view) (and (memq (htll:view-kind view) '(label text-field)) #t))

;; Whether VIEW has a first baseline of its own text (the others' is their bottom).
(define (htll:baseline-view? view)
  (and (htll:view? view) (or (htll:text-field-or-label? view) (eq? (htll:kind-parent (htll:view-kind view)) 'button))))

;; Whether VIEW (a baseline view) centres its line of text vertically in its height, as a
;; button's title and a text field's text do (UIControl's contentVerticalAlignment is centre by
;; default); a label in a 'baseline row is as high as its text, which starts at its top.
(define (htll:centred-text? view) (not (eq? (htll:view-kind view) 'label)))

;; Where VIEW's first baseline lies below its top when it is HEIGHT (an expression) high: its
;; font's ascender, below half of what the height leaves around one line where the text is centred.
(define (htll:e-baseline-depth view height)
  (if (htll:centred-text? view)
      (htll:e+ (htll:e-ascender view) (htll:e* (htll:e- height (htll:e-line-height view)) 0.5))
      (htll:e-ascender view)))

(define (htll:e-shown view e)
  (cond ((null? e) e)
        (else (htll:e-atom (list 'shown view e)))))

;; Objective-C text. OWNER-NAME maps a view record to its variable name. The text is each term
;; with its sign (" + ", " - ", or "-" before the first), a coefficient other than 1 before its
;; atom as "c * ", built in one pass (75-swift.scm's htll:e->swift prints Swift the same way):
;; a bound's owner and suffix (most terms of a frame) go into the parts as they are, not first
;; joined into a string of their own; so do the parts of a compound atom (max, shown, quotient,
;; if<=) and of the expressions in it, joined once for the whole text (htll:atom->c-parts).
(define (htll:e->c e owner-name)
  (cond
   ((null? e) "0")
   ;; One atom, coefficient 1 (a sequence's position: the previous view's far edge; a length):
   ;; the atom's own text, without the list of parts and a second string-append.
   ;; (eq? on the coefficient, as in htll:e-view-atom?: 1 is a fixnum, and eqv? is a call.)
   ((and (null? (cdr e)) (eq? (caar e) 1) (cdar e))
    (htll:atom->c (cdar e) owner-name))
   (else (apply string-append (reverse (htll:terms->c-parts e owner-name '()))))))

;; E's text (as htll:e->c prints it) as parts in reverse, before ACC.
(define (htll:e->c-parts e owner-name acc)
  (cond
   ((null? e) (cons "0" acc))
   ((and (null? (cdr e)) (eq? (caar e) 1) (cdar e)) (htll:atom->c-parts (cdar e) owner-name acc))
   (else (htll:terms->c-parts e owner-name acc))))

;; The parts of the terms of E (not empty), in reverse, before ACC0: each term's sign (" + ",
;; " - ", or "-" before the first), a coefficient other than 1 and " * ", then ATOM-PARTS, an
;; expression of the term's atom A and the parts so far ACC (both named by the caller). A macro,
;; so that the Objective-C and Swift printers share it with their atom printers in place (a
;; procedure given a printer made a closure at every expression, issue 19).
(define-syntax htll:signed-terms->parts
  (syntax-rules ()
    ((_ e acc0 (a acc) atom-parts)
     (let loop ((ts e) (acc acc0))
       (if (null? ts)
           acc
           (let* ((t (car ts)) (k (car t)) (a (cdr t)) (c (if (< k 0) (- k) k))
                  (acc (cons (if (eq? ts e) (if (< k 0) "-" "") (if (< k 0) " - " " + ")) acc)))
             (loop (cdr ts)
                   (cond ((not a) (cons (htll:number->c c) acc))
                         ((not (= c 1)) (let ((acc (cons " * " (cons (htll:number->c c) acc)))) atom-parts))
                         (else atom-parts)))))))))

;; The terms of E (not empty) with their signs as parts in reverse, before ACC.
(define (htll:terms->c-parts e owner-name acc)
  ;; (A bound's parts written out: a frame of a deep layout prints a dozen terms.)
  (htll:signed-terms->parts
   e acc (a acc)
   (if (eq? (car a) 'bound)
       (let ((owner (car (cddr a))))
         (cons (if (eq? (cadr a) 'w) ".bounds.size.width" ".bounds.size.height")
               (cons (if (string? owner) owner (owner-name owner)) acc)))
       (htll:atom->c-parts a owner-name acc))))

;; Whether E is one term of coefficient 1 whose atom is a bound or an edge: what htll:e->c prints
;; as the atom's text in one string-append. (eq? on the coefficient: fixnums are immediate, and
;; eqv? is a builtin call.)
(define (htll:e-view-atom? e)
  (and (pair? e) (null? (cdr e))
       (let ((a (cdar e))) (and a (or (eq? (car a) 'edge) (eq? (car a) 'bound)) (eq? (caar e) 1)))))

;; Whether E is one term of coefficient 1, the far edge along AXIS of a view: (edge AXIS VIEW).
(define (htll:e-edge-of? e axis)
  (and (pair? e) (null? (cdr e))
       (let ((a (cdar e))) (and a (eq? (car a) 'edge) (eq? (cadr a) axis) (eq? (caar e) 1)))))

;; When E is the sum BEFORE with one more term after its terms (the same objects, in order, as
;; htll:e+term makes a sum and one term), E's last pair, else #f. E then prints as BEFORE's text,
;; the term's sign and the term's text without its sign (htll:e->c prints the terms in order).
(define (htll:e-one-more before e)
  (let loop ((p before) (q e))
    (cond ((null? p) (and (pair? q) (null? (cdr q)) q))
          ((and (pair? q) (eq? (car p) (car q))) (loop (cdr p) (cdr q)))
          (else #f))))

;; ACC with the text of the max atom A before it, OPEN ("MAX(" or "max(") and PRINT (E ACC) giving
;; the dialect's. A row's height is a chain MAX(MAX(MAX(a, b), c), d)... as deep as the row is
;; long: Objective-C's MAX is a macro that writes each argument twice, so a chain of 30 was 2^30
;; copies of its innermost term for the compiler (and Swift's type checker gives up on deep
;; nests of max). Past htll:max-chain operands, the chain is printed as a balanced tree instead,
;; MAX(MAX(a, b), MAX(c, d)), as deep as the logarithm of its length; shorter chains as they were.
(define htll:max-chain 8)
(define (htll:max-parts a open print acc)
  (define (tree ops n acc)
    (if (= n 1)
        (print (car ops) acc)
        (let* ((h (quotient n 2))
               (acc (tree ops h (cons open acc)))
               (acc (tree (list-tail ops h) (- n h) (cons ", " acc))))
          (cons ")" acc))))
  (let ((ops (htll:max-operands a)))
    (if (> (length ops) htll:max-chain)
        (tree ops (length ops) acc)
        (let* ((acc (print (cadr a) (cons open acc)))
               (acc (print (caddr a) (cons ", " acc))))
          (cons ")" acc)))))

;; The operands of max atom A and of the max atoms its first expression is, alone: (a b c d) for
;; MAX(MAX(MAX(a, b), c), d), each an expression.
(define (htll:max-operands a)
  (let loop ((a a) (acc '()))
    (let ((e (cadr a)))
      (if (and (pair? e) (null? (cdr e)) (eqv? (caar e) 1) (cdar e) (eq? (car (cdar e)) 'max))
          (loop (cdar e) (cons (caddr a) acc))
          (cons e (cons (caddr a) acc))))))

;; ACC, the parts of a text in reverse, with atom A's text before them: the text htll:atom->c
;; gives, a compound atom's pieces and the parts of the expressions in it without a string of
;; their own (a flow prints three conditions a view, each of four expressions: issue 19).
(define (htll:atom->c-parts a owner-name acc)
  (case (car a)
    ((bound)
     (let ((owner (caddr a)))
       (cons (if (eq? (cadr a) 'w) ".bounds.size.width" ".bounds.size.height")
             (cons (if (string? owner) owner (owner-name owner)) acc))))
    ((max) (htll:max-parts a "MAX(" (lambda (e acc) (htll:e->c-parts e owner-name acc)) acc))
    ((shown) (let* ((acc (cons ".hidden ? 0 : " (cons (owner-name (cadr a)) (cons "(" acc))))
                    (acc (htll:e->c-parts (caddr a) owner-name acc)))
               (cons ")" acc)))
    ;; (The count cast: with a constant area, (fixed 63 83 ...), both sides were ints in C and
    ;; the share an integer division, 41 for 41.5.)
    ((quotient) (let* ((acc (htll:e->c-parts (cadr a) owner-name (cons "(" acc)))
                       (acc (htll:e->c-parts (caddr a) owner-name (cons ") / (CGFloat)(" acc))))
                  (cons ")" acc)))
    ;; ("(A <= B ? THEN : ELSE)", as the Swift printer writes it too; the compared expression's
    ;; text kept, htll:condition-c-parts.)
    ((if<=) (let* ((acc (htll:condition-c-parts (cadr a) owner-name (cons "(" acc)))
                   (acc (htll:e->c-parts (caddr a) owner-name (cons " <= " acc)))
                   (acc (htll:e->c-parts (cadddr a) owner-name (cons " ? " acc)))
                   (acc (htll:e->c-parts (cadr (cdddr a)) owner-name (cons " : " acc))))
              (cons ")" acc)))
    ;; (The others' text is one piece: htll:atom->c's.)
    (else (cons (htll:atom->c a owner-name) acc))))

;; The text of an expression an if<= compares first, kept for the latest two of several terms
;; each printer printed: a primitive's choices on one test (flow's three for each child, printed
;; one after another) print it once. KEPT is the printer's #(KEY1 KEY2 E1 TEXT1 E2 TEXT2), E1 the
;; latest, the keys what the text depends on besides E (the names, and Swift's parent). Nothing
;; changes an expression or a name while they print (htll:printing-once).
(define (htll:kept-condition-text kept e key1 key2)
  (and (eq? (vector-ref kept 0) key1) (eq? (vector-ref kept 1) key2)
       (cond ((eq? (vector-ref kept 2) e) (vector-ref kept 3))
             ((eq? (vector-ref kept 4) e) (vector-ref kept 5))
             (else #f))))

;; TEXT, kept in KEPT as E's, the latest (see htll:kept-condition-text).
(define (htll:keep-condition-text! kept e key1 key2 text)
  (if (and (eq? (vector-ref kept 0) key1) (eq? (vector-ref kept 1) key2))
      (begin (vector-set! kept 4 (vector-ref kept 2)) (vector-set! kept 5 (vector-ref kept 3)))
      (begin (vector-set! kept 0 key1) (vector-set! kept 1 key2) (vector-set! kept 4 #f) (vector-set! kept 5 #f)))
  (vector-set! kept 2 e) (vector-set! kept 3 text)
  text)

(define htll:latest-conditions (vector #f #f #f #f #f #f))

;; ACC with the text of E, the first expression an if<= compares, before it (as htll:e->c-parts).
(define (htll:condition-c-parts e owner-name acc)
  (if (not (and (pair? e) (pair? (cdr e))))
      (htll:e->c-parts e owner-name acc)
      (cons (or (htll:kept-condition-text htll:latest-conditions e owner-name #f)
                (htll:keep-condition-text! htll:latest-conditions e owner-name #f (htll:e->c e owner-name)))
            acc)))

;; Atom A's Objective-C text.
(define (htll:atom->c a owner-name)
  (case (car a)
    ((bound)
     (let ((owner (caddr a)))
       (string-append (if (string? owner) owner (owner-name owner))
                      (if (eq? (cadr a) 'w) ".bounds.size.width" ".bounds.size.height"))))
    ((edge) (string-append (if (eq? (cadr a) 'x) "CGRectGetMaxX(" "CGRectGetMaxY(") (owner-name (caddr a)) ".frame)"))
    ;; A compound atom: its parts (htll:atom->c-parts), joined once.
    ((max shown quotient if<=) (apply string-append (reverse (htll:atom->c-parts a owner-name '()))))
    ((safe-area) (string-append (caddr a) ".safeAreaInsets." (symbol->string (cadr a))))
    ;; A button's font is its title label's.
    ((ascender) (string-append (owner-name (cadr a)) (if (htll:text-field-or-label? (cadr a)) "" ".titleLabel") ".font.ascender"))
    ((line-height) (string-append (owner-name (cadr a)) (if (htll:text-field-or-label? (cadr a)) "" ".titleLabel") ".font.lineHeight"))
    ((local) (htll:local-text a))
    (else (error "htll: unknown expression atom" a))))

;; PRINT (an expression's text) made to print each expression object once: an expression
;; object used by several frames (a sequence's children share its width, nested areas their
;; parent's) gets the text it got before. Nothing changes an expression or a name while a solved
;; program prints, so the same object always prints the same text. (The Swift printers keep
;; each view's name the same way, 79-swift-shapes.scm.)
(define (htll:printing-once print)
  (let ((texts (make-eq-hash-table)))
    (lambda (e)
      (or (hash-table-ref/default texts e #f)
          (let ((t (print e))) (hash-table-set! texts e t) t)))))

;; The value of E. (BOUND-VALUE DIM OWNER) gives a bound atom's value for DIM w or h, and a view's
;; frame for DIM frame as (x y w h); a view's hidden attribute decides a shown atom.
(define (htll:e-eval e bound-value)
  (let loop ((ts e) (sum 0))
    (if (null? ts)
        sum
        (let ((a (cdr (car ts))))
          (loop (cdr ts) (+ sum (* (car (car ts)) (if a (htll:atom-value a bound-value) 1))))))))

;; The value of atom A (htll:e-eval). (A procedure of its own, not one made inside htll:e-eval:
;; making that closure at each call cost more than most expressions' arithmetic; `htll frames`
;; evaluates four expressions a view, issue 19.)
(define (htll:atom-value a bound-value)
  (case (car a)
    ((bound) (bound-value (cadr a) (caddr a)))
    ((max) (max (htll:e-eval (cadr a) bound-value) (htll:e-eval (caddr a) bound-value)))
    ;; As CGRectGetMaxX does: the standardized rectangle's far edge.
    ((edge) (let* ((f (bound-value 'frame (caddr a)))
                   (o (if (eq? (cadr a) 'x) (car f) (cadr f)))
                   (l (if (eq? (cadr a) 'x) (caddr f) (cadddr f))))
              (max o (+ o l))))
    ((shown) (if (eq? (htll:view-attribute (cadr a) 'hidden) #t) 0 (htll:e-eval (caddr a) bound-value)))
    ((quotient) (/ (htll:e-eval (cadr a) bound-value) (htll:e-eval (caddr a) bound-value)))
    ((if<=) (if (<= (htll:e-eval (cadr a) bound-value) (htll:e-eval (caddr a) bound-value))
                (htll:e-eval (cadddr a) bound-value)
                (htll:e-eval (car (cddddr a)) bound-value)))
    ((safe-area) (htll:safe-inset (cadr a)))
    ((ascender) (htll:view-ascender (cadr a)))
    ((line-height) (htll:view-line-height (cadr a)))
    ((local) (htll:local-value a))
    (else (error "htll: unknown expression atom" a))))
