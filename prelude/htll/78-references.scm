;;; HTLL prelude: what generated code refers to but does not define.
;;; The controller (or, with --view, the view class) must provide them: the action methods of
;;; targets, the objects named as targets, data sources and delegates (self.model), the parent
;;; view (self.cardView), and the protocols of what is a table's data source or delegate. Hosts
;;; write controller stubs from it (the SDK checks in Tests/HTLLTests/SDKCheckTests.swift), and
;;; --view declares the protocols its own class must adopt.

;; The protocol an object named by a ref attribute must adopt: (kind attribute "Protocol").
(define htll:ref-protocols
  '((table data-source "UITableViewDataSource")
    (table delegate "UITableViewDelegate")))

(define (htll:ref-protocol kind attribute)
  (let loop ((k kind))
    (and k (or (htll:any (lambda (e) (and (eq? (car e) k) (eq? (cadr e) attribute) (caddr e))) htll:ref-protocols)
               (loop (htll:kind-parent k))))))

;; ((target "selector") ...) and ((object "Protocol") ...) of DECLARED views, each once, in order.
;; (Whether an entry is there already is asked of a table: searching the entries was quadratic
;; in a layout of thousands of actions, issue 19.)
(define (htll:actions-and-protocols declared)
  (define seen-actions (make-equal-hash-table))
  (define seen-protocols (make-equal-hash-table))
  (define (new? seen entry) (and (not (hash-table-ref/default seen entry #f)) (begin (hash-table-set! seen entry #t) #t)))
  (let loop ((ds declared) (actions '()) (protocols '()))
    (if (null? ds)
        (list (reverse actions) (reverse protocols))
        (let inner ((as (htll:view-attributes (caar ds))) (actions actions) (protocols protocols))
          (if (null? as)
              (loop (cdr ds) actions protocols)
              (let* ((kind (htll:view-kind (caar ds)))
                     (a (car as))
                     (protocol (htll:ref-protocol kind (car a))))
                (cond ((eq? (car a) 'target)
                       (let ((entry (list (symbol->string (cadr a)) (caddr a))))
                         (inner (cdr as) (if (new? seen-actions entry) (cons entry actions) actions) protocols)))
                      (protocol
                       (let ((entry (list (symbol->string (cdr a)) protocol)))
                         (inner (cdr as) actions (if (new? seen-protocols entry) (cons entry protocols) protocols))))
                      (else (inner (cdr as) actions protocols)))))))))

;; For hosts: (parent cell-or-#f ((target "selector") ...) ((object "Protocol") ...)), where
;; target and object are as written (self, self.model), parent the parent's expression.
(define (htll-references)
  (let* ((c (htll:code-context "references")) (root (car c)))
    (append (list (htll:root-parent root) (htll:root-cell root))
            (htll:actions-and-protocols (cadr c)))))

;; The protocols the object self must adopt, for the --view class.
(define (htll:self-protocols declared)
  (map cadr (htll:filter (lambda (p) (string=? (car p) "self")) (cadr (htll:actions-and-protocols declared)))))
