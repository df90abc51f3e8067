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

;; The item namer of the constraint code: views by NAME-OF, the parent by its text PARENT,
;; guides by GUIDE-NAME (guide number -> text), the safe area as PARENT's safeAreaLayoutGuide.
(define (htll:c-item-text name-of parent guide-name)
  (lambda (item)
    (cond ((htll:view? item) (name-of item))
          ((string? item) parent)
          ((vector? item) (guide-name (vector-ref item 1)))
          (else (string-append parent ".safeAreaLayoutGuide")))))

(define (htll:c-guide-number-name n) (string-append "htllGuide" (number->string n)))

(define (htll:c-translate-lines views name-of lang)
  (map (lambda (v) (string-append (name-of v) ".translatesAutoresizingMaskIntoConstraints = "
                                  (if (eq? lang 'swift) "false" "NO;")))
       views))

;; The content priority lines of the view V of ST: those that differ from UIKit's default, and
;; the indexes FORCED (a priority another trait branch changes) whatever their value.
(define (htll:c-priority-lines st v name-of lang forced)
  (let ((p (hash-table-ref/default (htll:c-state-views st) v #f)) (swift? (eq? lang 'swift)))
    (apply append
           (map (lambda (i what axis)
                  (let ((default (if (< i 2) 250 750)) (value (vector-ref p i)))
                    (if (or (not (htll:c-intrinsic? (htll:view-kind v) axis))
                            (and (= value default) (not (memv i forced))))
                        '()
                        (list (if swift?
                                  (string-append (name-of v) ".setContent" what "Priority(" (htll:c-priority-text value lang)
                                                 ", for: ." (if (eq? axis 'x) "horizontal" "vertical") ")")
                                  (string-append "[" (name-of v) " setContent" what "Priority:" (htll:c-priority-text value lang)
                                                 " forAxis:UILayoutConstraintAxis" (if (eq? axis 'x) "Horizontal" "Vertical") "];"))))))
                '(0 1 2 3) '("Hugging" "Hugging" "CompressionResistance" "CompressionResistance") '(x y x y)))))

;; The lines that make the guide named NAME and add it to PARENT.
(define (htll:c-guide-lines name parent lang)
  (if (eq? lang 'swift)
      (list (string-append "let " name " = UILayoutGuide()") (string-append parent ".addLayoutGuide(" name ")"))
      (list (string-append "UILayoutGuide * " name " = [[UILayoutGuide alloc] init];")
            (string-append "[" parent " addLayoutGuide:" name "];"))))

;; The constraints of ST, each paired with the name of its local (htllConstraintN) when it is
;; below required (named first, to set its priority), else #f.
(define (htll:c-named st)
  (let ((count 0))
    (map (lambda (c)
           (if (< (list-ref c 7) htll:c-required)
               (begin (set! count (+ count 1)) (cons (string-append "htllConstraint" (number->string count)) c))
               (cons #f c)))
         (reverse (htll:c-state-constraints st)))))

;; The declarations of the NAMED constraints below required, and their priorities.
(define (htll:c-named-lines named item-text lang)
  (let ((swift? (eq? lang 'swift)))
    (apply append
           (map (lambda (nc)
                  (if (car nc)
                      (list (if swift?
                                (string-append "let " (car nc) " = " (htll:c-expression (cdr nc) item-text lang))
                                (string-append "NSLayoutConstraint * " (car nc) " = " (htll:c-expression (cdr nc) item-text lang) ";"))
                            (string-append (car nc) ".priority = " (htll:c-priority-text (list-ref (cdr nc) 7) lang) (if swift? "" ";")))
                      '()))
                named))))

;; The array of the NAMED constraints, one a line, between OPENING and CLOSING.
(define (htll:c-array-lines named item-text lang opening closing)
  (let ((swift? (eq? lang 'swift)))
    (append
     (list opening)
     (let loop ((ns named) (acc '()))
       (if (null? ns)
           (reverse acc)
           (loop (cdr ns)
                 (cons (string-append "    " (or (caar ns) (htll:c-expression (cdar ns) item-text lang))
                                      (if (and swift? (null? (cdr ns))) "" ","))
                       acc))))
     (list closing))))

;; The lines that lay ROOT out with constraints, in LANG; NAME-OF names views, PARENT is the
;; parent's text in the code (self.view, cell.contentView, self).
(define (htll:constraint-lines root name-of parent lang)
  (let* ((st (htll:constraints root))
         (swift? (eq? lang 'swift))
         (item-text (htll:c-item-text name-of parent htll:c-guide-number-name))
         (named (htll:c-named st)))
    (append
     (htll:c-translate-lines (htll:c-state-placed st) name-of lang)
     (apply append (map (lambda (v) (htll:c-priority-lines st v name-of lang '())) (htll:c-state-placed st)))
     (apply append (map (lambda (g) (htll:c-guide-lines (item-text g) parent lang)) (reverse (htll:c-state-guides st))))
     (htll:c-named-lines named item-text lang)
     (if (null? named)
         '()
         ;; Objective-C spells the array with arrayWithObjects: as the rest of the emitter does
         ;; (GNU Objective-C, which the tests compile with, has no @[...] literal).
         (htll:c-array-lines named item-text lang
                             (if swift? "NSLayoutConstraint.activate([" "[NSLayoutConstraint activateConstraints:[NSArray arrayWithObjects:")
                             (if swift? "])" "    nil]];"))))))

;; The lines of the current layout's constraints for WHO's output (compile --constraints), or
;; none: the one set, activated once; or, for a layout whose trait branches differ or whose views
;; collapse while hidden, what sets up its sets (74-constraint-branches.scm), which the layout
;; pass activates.
(define (htll:constraints-code-lines who name-of parent lang)
  (if htll:emit-constraints
      (if (htll:constraint-branches?)
          (htll:constraint-setup-lines name-of parent lang)
          (htll:constraint-lines (car (htll:c-roots)) name-of parent lang))
      '()))

;; For hosts: #t when generated code states the layout as constraints.
(define (htll-emit-constraints?) htll:emit-constraints)
