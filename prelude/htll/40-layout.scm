;;; HTLL prelude: the layout primitives build a tree of nodes over views.

;; A node of a primitive defined with the protocol (52-primitive-protocol.scm) has its area
;; procedure as LAYOUT; the other nodes are solved by the solver's own code (60-solver.scm).
(define-record-type htll:node
  (htll:make-primitive-node op children params location layout)
  htll:node?
  (op htll:node-op)              ; the primitive's name: above beside ^^ vv << >> center hseq vseq blank align ...
  (children htll:node-children)  ; views or nodes
  (params htll:node-params)      ; ratio, margin, paddings: the arguments that are not children
  (location htll:node-location)
  (layout htll:node-layout))     ; the area procedure, or #f

;; A collapse-when-hidden node (54-spacing.scm) and the view it collapses.
(define (htll:collapse-node? x) (and (htll:node? x) (eq? (htll:node-op x) 'collapse)))
;; Whether any of the children CS collapses: (htll:any htll:collapse-node? CS) as a loop, which
;; spares two calls for each child of a long sequence.
(define (htll:any-collapse? cs)
  (let loop ((cs cs))
    (and (pair? cs)
         (or (let ((c (car cs))) (and (htll:node? c) (eq? (htll:node-op c) 'collapse)))
             (loop (cdr cs))))))
;; (Through the alignment an aligned sequence puts in the node, htll:align.)
(define (htll:collapsed-view x) (htll:aligned-view (car (htll:node-children x))))

(define (htll:make-node op children params location) (htll:make-primitive-node op children params location #f))

(define (htll:layoutable? x) (or (htll:view? x) (htll:node? x)))

(define (htll:check-child who x)
  (cond ((htll:layoutable? x) x)
        ((and (procedure? x) (eq? who who))
         (htll:fail (string-append who ": expected a view or a layout, got a procedure"
                                   " (write (label ...) with parentheses)")))
        (else (htll:fail (string-append who ": expected a view or a layout, got " (htll:written x))))))

(define (htll:check-ratio who x)
  (if (or (and (real? x) (> x 0) (< x 1))
          ;; The original took 0 and 1 too: one child gets the whole area, the other none.
          (and (real? x) (or (= x 0) (= x 1))
               (htll:lenient? (string-append who ": a ratio of " (htll:written x) " gives one child the whole area"))))
      x
      (htll:fail (string-append who ": the ratio must be a number between 0 and 1 (exclusive), got "
                                (htll:written x)))))

(define (htll:check-margin who margin)
  (cond ((null? margin) 0)
        ((not (null? (cdr margin)))
         (htll:fail (string-append who ": expected at most one margin, got " (htll:written margin))))
        ((and (real? (car margin)) (>= (car margin) 0) (<= (car margin) htll:longest-length)) (car margin))
        ;; A negative margin overlaps the two children, which UIKit allows and the original printed.
        ((and (real? (car margin)) (< (car margin) 0) (>= (car margin) (- htll:longest-length))
              (htll:lenient? (string-append who ": a negative margin (" (htll:written (car margin)) ") overlaps the children")))
         (car margin))
        (else (htll:fail (string-append who ": the margin must be a non-negative number up to " (number->string htll:longest-length) ", got "
                                        (htll:written (car margin)))))))

;;; Alignment across the axis: (>> label toggle 8 'center), (hseq* 8 'start 'center a b),
;;; (hseq 'end a b), (h... 'center a b c). Each child is at its own length across the axis and
;;; placed at the start, centre or end of the area; fill (the default) stretches it, as before.
;;; In a row, 'baseline lines up the children's first baselines as UIStackView's .firstBaseline
;;; does: a label's is its top plus its font's ascender, a button's or text field's (centred text)
;;; half of what its height leaves around one line below that (htll:e-baseline-depth), any other
;;; child's is its bottom (60-solver.scm, layout-baseline).
(define htll:cross-modes '(start center end fill baseline))

(define (htll:cross-mode? x) (and (symbol? x) (memq x htll:cross-modes) #t))

;; VERTICAL? #t: the children are side by side (a row), where baselines mean something.
(define (htll:check-cross-mode who x vertical?)
  (cond ((not (htll:cross-mode? x))
         (htll:fail (string-append who ": unknown alignment " (htll:written x)
                                   (if (symbol? x) (htll:did-you-mean x htll:cross-modes) "")
                                   " (alignments: start, center, end, fill, baseline)")))
        ((and (eq? x 'baseline) (not vertical?))
         (htll:fail (string-append who ": 'baseline aligns text across a row (hseq, hseq*, <<, >>, h...);"
                                   " a column's children are one above the other (use 'start 'center 'end or 'fill)")))
        (else x)))

;; CHILD aligned across a sequence's axis (vertical? #t: the sequence runs left to right).
;; GROUP: for 'baseline, a procedure returning the row's children (htll:align-all).
;; A collapse-when-hidden child is aligned inside its node, which must stay the sequence's
;; child (the sequence reads it): a new collapse node of the same view holds the alignment.
(define (htll:align vertical? mode child . group)
  (cond ((eq? mode 'fill) child)
        ((htll:collapse-node? child)
         (htll:collapse-holding child (apply htll:align vertical? mode (car (htll:node-children child)) group)))
        (else (htll:make-node 'align (list child) (cons (if vertical? #t #f) (cons mode group)) (htll:current-location)))))

;; CHILDREN (checked) aligned across a sequence's axis; 'baseline children share one group, so
;; each can find the row's deepest ascent (a collapsing view's too: hidden, it still counts).
(define (htll:align-all who vertical? mode children)
  (let* ((children (map (lambda (c) (htll:check-child who c)) children)))
    (cond ((eq? mode 'baseline)
           (let ((group (lambda () children)))
             (map (lambda (c) (htll:align vertical? mode c group)) children)))
          ;; Filled, every child is its own alignment (htll:align): the checked list as it is.
          ((eq? mode 'fill) children)
          (else (map (lambda (c) (htll:align vertical? mode c)) children)))))

(define (htll:seq op who children)
  (let* ((mode (if (and (pair? children) (symbol? (car children))) (htll:check-cross-mode who (car children) (eq? op 'hseq)) 'fill))
         (children (if (and (pair? children) (symbol? (car children))) (cdr children) children)))
    (if (null? children) (htll:fail (string-append who ": expected at least one view")))
    (htll:make-node op (htll:align-all who (eq? op 'hseq) mode children) '() (htll:current-location))))

(define (hseq . children) (htll:seq 'hseq "hseq" children))
(define (vseq . children) (htll:seq 'vseq "vseq" children))


;;; The top level: exactly one in or in-cell per layout.

(define-record-type htll:root
  (htll:make-root child parent cell location bound)
  htll:root?
  (child htll:root-child)
  (parent htll:root-parent)   ; the Objective-C expression of the parent view: "self.view", "cell.contentView"
  (cell htll:root-cell)       ; #f, or the cell variable's name for in-cell
  (location htll:root-location)
  (bound htll:root-bound))    ; the views bound where the in was called (htll:bound-views then), newest first

(define htll:the-root #f)

;; In an interactive session a later in or in-cell replaces the layout instead of failing.
(define htll:allow-relayout #f)

(define (htll:reset!) (set! htll:the-root #f) (set! htll:bound-views '()))

;; The parent as the generated code names it: a key path such as self.view (12-names.scm).
(define (htll:parent-string who parent)
  (htll:check-key-path who "the parent" parent "'self.view"))

;; Every view appears once in a layout (as htllc, the last of its frames wins: 80-driver.scm).
(define (htll:check-placed-once child)
  (let ((mark (htll:fresh-mark)))
    (let walk ((x child))
      (cond ((htll:view? x)
             (if (eq? (htll:view-mark x) mark)
                 (let ((what (string-append "the view " (or (htll:view-name x) (symbol->string (htll:view-kind x)))
                                            " is placed twice in the layout")))
                   (if (not (htll:lenient? (string-append what "; its last frame wins") (htll:view-location x)))
                       (htll:error-at (htll:view-location x) what)))
                 (htll:set-view-mark! x mark)))
            ((htll:node? x) (for-each walk (htll:node-children x)))))))

(define (htll:set-root! who child parent cell)
  (let ((loc (htll:current-location)))
    (if (and htll:the-root (not htll:allow-relayout))
        (htll:error-at loc (string-append who ": a layout has one top-level in or in-cell"
                                          (let ((first (htll:location->string (htll:root-location htll:the-root))))
                                            (if first (string-append "; the first one is at " first) "")))))
    (htll:check-child who child)
    (htll:check-placed-once child)
    (set! htll:the-root (htll:make-root child parent cell loc htll:bound-views))
    child))

(define (in child parent)
  (htll:set-root! "in" child (htll:parent-string "in" parent) #f))

;; 'cell (what the original needed) and 'cell.contentView (what its README shows) both lay out
;; on the cell's contentView.
;; The cell is a local variable of the generated code (UITableViewCell * cell = ...), so it is
;; one name, not a path.
(define (in-cell child parent)
  (let* ((p (htll:parent-string "in-cell" parent))
         (suffix ".contentView")
         (n (string-length p))
         (k (string-length suffix))
         (cell (if (and (> n k) (string=? (substring p (- n k) n) suffix)) (substring p 0 (- n k)) p)))
    (if (not (and (htll:c-identifier? cell) (not (string=? cell "self"))))
        (htll:fail (string-append "in-cell: the parent must be a cell's name such as 'cell or 'cell.contentView, got "
                                  (htll:written parent))))
    (htll:set-root! "in-cell" child (string-append cell suffix) cell)))


;;; What the solvers ask of layout nodes (60-solver.scm, 72-constraints.scm).

(define (htll:wrap? x) (eq? x 'wrap))

;; Nodes that lay their children out left to right (the others that align, top to bottom).
(define htll:horizontal-ops '(<< >> hseq hseq*))
(define (htll:align-node? x) (and (htll:node? x) (eq? (htll:node-op x) 'align)))
;; The group (htll:align-all) of a row whose children align on 'baseline, or #f.
(define (htll:baseline-row-group x)
  (and (htll:node? x) (memq (htll:node-op x) htll:horizontal-ops)
       (let loop ((cs (htll:node-children x)))
         (cond ((null? cs) #f)
               ((and (htll:align-node? (car cs)) (eq? (cadr (htll:node-params (car cs))) 'baseline))
                (caddr (htll:node-params (car cs))))
               (else (loop (cdr cs)))))))
;; Whether node X's length across its axis wraps in a W x H area.
(define (htll:cross-wrapped? x w h)
  (if (memq (htll:node-op x) htll:horizontal-ops) (eq? h 'wrap) (eq? w 'wrap)))
;; Whether a child of node X is aligned across X's axis (up and down in a row, left and right
;; in a column): where that length wraps, X is measured first and laid out at what it takes, so
;; the child can be centred or put at the end. A child aligned the other way (a row of one
;; child, (h... 'center v), in a column) takes its own length across the column, as any child
;; filled does: it was stretched to the column's width, which the constraints did not state.
(define (htll:aligned-across? x)
  (let ((row? (and (memq (htll:node-op x) htll:horizontal-ops) #t)))
    (htll:any (lambda (c) (htll:align-across? c row?)) (htll:node-children x))))
;; Whether every child of node X is aligned across X's axis (60-solver.scm, place-node).
(define (htll:all-aligned-across? x)
  (let ((row? (and (memq (htll:node-op x) htll:horizontal-ops) #t)))
    (htll:every (lambda (c) (htll:align-across? c row?)) (htll:node-children x))))
;; Whether C is an align node that aligns across a row (ROW? #t: up and down) or a column.
(define (htll:align-across? c row?) (and (htll:align-node? c) (eq? (car (htll:node-params c)) row?)))
;; The view X is, or holds through alignments or collapse-when-hidden (laid out with a free
;; leading or top), or #f: in a 'baseline row, such a child has the view's first baseline.
(define (htll:aligned-view x)
  (cond ((htll:view? x) x)
        ((or (htll:align-node? x) (htll:collapse-node? x)) (htll:aligned-view (car (htll:node-children x))))
        (else #f)))
