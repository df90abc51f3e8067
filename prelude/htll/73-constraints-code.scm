;;; HTLL prelude: the constraints (72-constraints.scm) as Objective-C and Swift
;;; (`htll compile --constraints`): views stop translating their autoresizing masks, the guides are
;;; added to the parent, content priorities are set where a view wraps, and every constraint is
;;; activated in one NSLayoutConstraint activate call. The frame code is then left out.

;; #t while generated code states the layout as constraints (compile --constraints); the host sets it.
(define htll:emit-constraints #f)
(define (htll-set-emit-constraints! on)
  (if on (htll:require-ios "9.0" "--constraints (layout anchors)"))
  (set! htll:emit-constraints (if on #t #f)))

(define (htll:c-anchor-name attr) (string-append (symbol->string attr) "Anchor"))

(define (htll:c-dimension? attr) (memq attr '(width height)))

;; The text of one anchor constraint in LANG (objc or swift); ITEM-TEXT names items.
(define (htll:c-expression c item-text lang)
  (let* ((item2 (list-ref c 4)) (k (list-ref c 3)) (k0 (list-ref c 6))
         (first (string-append (item-text (car c)) "." (htll:c-anchor-name (cadr c))))
         (rel (case (caddr c) ((==) "equal") ((>=) "greaterThanOrEqual") (else "lessThanOrEqual")))
         (num htll:number->c))
    (if (eq? lang 'swift)
        (if item2
            (string-append first ".constraint(" rel "To: " (item-text item2) "." (htll:c-anchor-name (list-ref c 5))
                           (if (= k 1) "" (string-append ", multiplier: " (num k)))
                           (if (= k0 0) "" (string-append ", constant: " (num k0))) ")")
            (string-append first ".constraint(" rel "ToConstant: " (num k0) ")"))
        (let ((sel (string-append "constraint" (string (char-upcase (string-ref rel 0))) (substring rel 1 (string-length rel)))))
          (if item2
              (string-append "[" first " " sel "ToAnchor:" (item-text item2) "." (htll:c-anchor-name (list-ref c 5))
                             (if (= k 1) "" (string-append " multiplier:" (num k)))
                             (if (and (= k0 0) (= k 1)) "" (string-append " constant:" (num k0))) "]")
              (string-append "[" first " " sel "ToConstant:" (num k0) "]"))))))

;; The priority P in LANG.
(define (htll:c-priority-text p lang)
  (cond ((= p htll:c-required) (if (eq? lang 'swift) ".required" "UILayoutPriorityRequired"))
        ((eq? lang 'swift) (string-append "UILayoutPriority(" (number->string p) ")"))
        (else (number->string p))))

;; The lines that lay ROOT out with constraints, in LANG; NAME-OF names views, PARENT is the
;; parent's text in the code (self.view, cell.contentView, self).
(define (htll:constraint-lines root name-of parent lang)
  (let* ((st (htll:constraints root))
         (swift? (eq? lang 'swift))
         (end (if swift? "" ";"))
         (item-text (lambda (item)
                      (cond ((htll:view? item) (name-of item))
                            ((string? item) parent)
                            ((vector? item) (htll:c-item-name item name-of))
                            (else (string-append parent ".safeAreaLayoutGuide")))))
         (guides (reverse (htll:c-state-guides st)))
         (constraints (reverse (htll:c-state-constraints st)))
         (count 0)
         ;; Constraints below required are named first, to set their priority.
         (named (map (lambda (c)
                       (if (< (list-ref c 7) htll:c-required)
                           (begin (set! count (+ count 1)) (cons (string-append "htllConstraint" (number->string count)) c))
                           (cons #f c)))
                     constraints)))
    (append
     (map (lambda (v) (string-append (name-of v) ".translatesAutoresizingMaskIntoConstraints = " (if swift? "false" "NO") end))
          (htll:c-state-placed st))
     (apply append
            (map (lambda (v)
                   (let ((p (hash-table-ref/default (htll:c-state-views st) v #f)))
                     (apply append
                            (map (lambda (i what axis)
                                   (let ((default (if (< i 2) 250 750)) (value (vector-ref p i)))
                                     (if (or (= value default) (not (htll:c-intrinsic? (htll:view-kind v) axis)))
                                         '()
                                         (list (if swift?
                                                   (string-append (name-of v) ".setContent" what "Priority(" (htll:c-priority-text value lang)
                                                                  ", for: ." (if (eq? axis 'x) "horizontal" "vertical") ")")
                                                   (string-append "[" (name-of v) " setContent" what "Priority:" (htll:c-priority-text value lang)
                                                                  " forAxis:UILayoutConstraintAxis" (if (eq? axis 'x) "Horizontal" "Vertical") "];"))))))
                                 '(0 1 2 3) '("Hugging" "Hugging" "CompressionResistance" "CompressionResistance") '(x y x y)))))
                 (htll:c-state-placed st)))
     (apply append
            (map (lambda (g)
                   (let ((n (item-text g)))
                     (if swift?
                         (list (string-append "let " n " = UILayoutGuide()") (string-append parent ".addLayoutGuide(" n ")"))
                         (list (string-append "UILayoutGuide * " n " = [[UILayoutGuide alloc] init];")
                               (string-append "[" parent " addLayoutGuide:" n "];")))))
                 guides))
     (apply append
            (map (lambda (nc)
                   (if (car nc)
                       (list (if swift?
                                 (string-append "let " (car nc) " = " (htll:c-expression (cdr nc) item-text lang))
                                 (string-append "NSLayoutConstraint * " (car nc) " = " (htll:c-expression (cdr nc) item-text lang) ";"))
                             (string-append (car nc) ".priority = " (htll:c-priority-text (list-ref (cdr nc) 7) lang) end))
                       '()))
                 named))
     (if (null? named)
         '()
         (append
          ;; Objective-C spells the array with arrayWithObjects: as the rest of the emitter does
          ;; (GNU Objective-C, which the tests compile with, has no @[...] literal).
          (list (if swift? "NSLayoutConstraint.activate([" "[NSLayoutConstraint activateConstraints:[NSArray arrayWithObjects:"))
          (let loop ((ns named) (acc '()))
            (if (null? ns)
                (reverse acc)
                (loop (cdr ns)
                      (cons (string-append "    " (or (caar ns) (htll:c-expression (cdar ns) item-text lang))
                                           (if (and swift? (null? (cdr ns))) "" ","))
                            acc))))
          (list (if swift? "])" "    nil]];")))))))

;; The root whose constraints generated code states: the layout, or its one trait branch. A
;; layout whose trait branches differ is refused (one constraint set per branch is not done yet).
(define (htll:constraints-root who)
  (let ((groups (htll:variant-groups)))
    (cond ((not groups) (htll:the-layout who))
          ((null? (cdr groups)) (caar groups))
          (else (htll:error-at (htll:root-location (htll:the-layout who))
                               "--constraints: a layout whose trait branches differ cannot be stated as one set of Auto Layout constraints yet; compile it without --constraints")))))

;; The constraint lines of the current layout for WHO's output (compile --constraints), or none.
(define (htll:constraints-code-lines who name-of parent lang)
  (if htll:emit-constraints
      (htll:constraint-lines (htll:constraints-root who) name-of parent lang)
      '()))

;; For hosts: #t when generated code states the layout as constraints.
(define (htll-emit-constraints?) htll:emit-constraints)
