;;; HTLL prelude: layouts at the REPL. What the host's REPL asks of HTLL: evaluating
;;; typed forms as a layout's forms, writing layout values readably, describing, completing and
;;; finding HTLL names. All of it reads the tables (08-enumerations.scm to 11-colors.scm), so new
;;; views, attributes and colours appear here without more work.

;; Evaluates one form typed at the REPL (or read from FILE, `htll -i FILE`) as a layout's top-level
;; form: definitions and lets name the views they bind, as `htll compile` names them, and calls
;; of HTLL procedures are located (frames show where a view was written); include and
;; define-style work as in a file. The bound views are not collected for declaration: at the
;; prompt, views come and go.
(define (htll-repl-eval form . file)
  ;; A file loaded with -i: its includes are found beside it.
  (set! htll:location-file (and (pair? file) (car file)))
  (set! htll:record-bound #f)
  ;; At the prompt the layout's forms run at the top level, where the session's definitions are.
  (set! htll:layout-environment (interaction-environment))
  (if (and (pair? form) (memq (car form) '(include define-style)))
      (htll:load-form form)
      (eval (htll:rewrite-bindings form) htll:layout-environment)))

;;; Writing values

;; The current layout's frames on the REPL's canvas (390 x 844), by view, for as long as the
;; layout does not change: (root . ((view x y w h) ...)).
(define htll:repl-frames '(#f))

(define (htll:repl-frame-of view)
  (and htll:the-root
       (begin
         (if (not (eq? (car htll:repl-frames) htll:the-root))
             (set! htll:repl-frames
                   (cons htll:the-root (guard (e (#t '())) (htll:frames 390 844)))))
         (let ((f (assq view (cdr htll:repl-frames)))) (and f (cdr f))))))

;; The text a view shows, for its written form: its text, its normal title, or #f.
(define (htll:shown-text view)
  (let ((text (or (htll:view-attribute view 'text) (htll:view-attribute view 'placeholder))))
    (cond (text (htll:text-of text))
          ((eq? (htll:kind-parent (htll:view-kind view)) 'button)
           (let ((t (htll:normal-title view))) (and (not (string=? t "")) t)))
          (else #f))))

;; #<label title "Inbox" {0 0 390 21}>: kind, name, text and frame in the current layout, as known.
(define (htll:view->repl-string view)
  (let ((name (htll:view-name view)) (text (htll:shown-text view)) (frame (htll:repl-frame-of view)))
    (string-append
     "#<" (symbol->string (htll:view-kind view))
     (if name (string-append " " name) "")
     (if text (string-append " " (htll:written text)) "")
     (if frame (string-append " {" (htll:string-join (map htll:json-number frame) " ") "}") "")
     ">")))

;; #<above 0.5 label title>, #<blank>: the primitive, its numbers and what it holds.
(define (htll:node->repl-string node)
  (string-append
   "#<" (symbol->string (htll:node-op node))
   (apply string-append
          (map (lambda (p) (string-append " " (if (number? p) (htll:json-number p) (htll:written p))))
               ;; Not a baseline row's group (a procedure: 40-layout.scm).
               (htll:filter (lambda (p) (not (procedure? p))) (htll:node-params node))))
   (apply string-append
          (map (lambda (c)
                 (string-append " " (cond ((and (htll:view? c) (htll:view-name c))
                                           (string-append (symbol->string (htll:view-kind c)) " " (htll:view-name c)))
                                          ((htll:view? c) (symbol->string (htll:view-kind c)))
                                          (else (string-append "(" (symbol->string (htll:node-op c)) " ...)")))))
               (htll:node-children node)))
   ">"))

;; The text the REPL writes for X when X holds layout values (views, layouts, resources), or #f
;; for plain data (the REPL writes it itself). Large or circular data is left to `write`.
(define (htll-repl-write x)
  (define budget 10000)
  (define (layout-value? x)
    (or (htll:view? x) (htll:node? x) (htll:resource? x) (htll:root? x)))
  (define (holds? x)
    (set! budget (- budget 1))
    (cond ((< budget 0) #f)
          ((layout-value? x) #t)
          ((pair? x) (or (holds? (car x)) (holds? (cdr x))))
          ((vector? x) (let loop ((i 0)) (and (< i (vector-length x)) (or (holds? (vector-ref x i)) (loop (+ i 1))))))
          (else #f)))
  (define (text x)
    (cond ((htll:view? x) (htll:view->repl-string x))
          ((htll:node? x) (htll:node->repl-string x))
          ((htll:resource? x) (string-append "#<" (htll:string-join (map htll:written (htll:resource->datum x)) " ") ">"))
          ((htll:root? x) (string-append "#<layout in " (htll:root-parent x) ">"))
          ((pair? x)
           (let loop ((p x) (acc '()))
             (cond ((pair? p) (loop (cdr p) (cons (text (car p)) acc)))
                   ((null? p) (string-append "(" (htll:string-join (reverse acc) " ") ")"))
                   (else (string-append "(" (htll:string-join (reverse acc) " ") " . " (text p) ")")))))
          ((vector? x) (string-append "#(" (htll:string-join (map text (vector->list x)) " ") ")"))
          (else (htll:written x))))
  (and (holds? x) (>= budget 0) (text x)))

;;; Describing and finding names

;; The kinds that have attribute NAME themselves (not by inheritance), in table order.
(define (htll:attribute-owners name)
  (map car (htll:filter (lambda (k) (assq name (cdr k))) htll:attribute-table)))

;; What an attribute is: who has it, its type and values, how it is set in UIKit.
(define (htll:describe-attribute name)
  (let* ((owners (htll:attribute-owners name))
         (spec (assq name (cdr (assq (car owners) htll:attribute-table))))
         (type (cadr spec)) (how (caddr spec))
         (enum (cond ((htll:enum-type? type) type)
                     ((and (pair? type) (memq (car type) '(enum flags))) (cadr type))
                     (else #f))))
    (string-append
     (symbol->string name) ": attribute of " (htll:string-join (map symbol->string owners) ", ")
     " (and the kinds that inherit " (if (null? (cdr owners)) "it" "them") "), a " (htll:type-name type)
     (if (and (pair? type) (eq? (car type) 'flags)) " or a list of them" "")
     "\n"
     (if enum
         (string-append "  values: " (htll:string-join (map (lambda (v) (symbol->string (car v))) (htll:enum-values enum)) ", ") "\n")
         "")
     (case (car how)
       ((set init-set) (string-append "  UIKit: view." (cadr how) " = VALUE" (if (eq? (car how) 'init-set) " (in viewDidLoad)" "") "\n"))
       ((send) (string-append "  UIKit: [view " (htll:string-join (map (lambda (s) (string-append s "ARG")) (cdr how)) " ") "]\n"))
       ((target) "  UIKit: [view addTarget:TARGET action:SELECTOR forControlEvents:EVENTS] (in viewDidLoad)\n")
       ((constructor) "  UIKit: given to the initializer\n")
       ((layout) "  the size the view is laid out at (not set in UIKit)\n")
       (else "")))))

;; A description of an HTLL name (a view kind, primitive, attribute, enumeration or colour), or #f.
(define (htll-describe name)
  (let ((kind (htll:kind-entry name))
        (prim (assq name htll:primitive-table))
        (enum (assq name htll:enum-table))
        (colour (assq name htll:color-table))
        (attribute (pair? (htll:attribute-owners name))))
    (cond
     (kind
      (let ((parent (htll:kind-parent name)) (how (htll:kind-construction name)))
        (string-append
         "(" (symbol->string name) " ATTRIBUTES): a " (htll:kind-class name)
         (if parent (string-append ", inherits " (symbol->string parent)) "")
         (if (eq? how 'abstract) " (abstract: not constructible)" "")
         "\n"
         (apply string-append
                (map (lambda (a) (string-append "  " (symbol->string (car a)) "  " (htll:type-name (cadr a)) "\n"))
                     (htll:kind-attributes name))))))
     (prim
      ;; blank is a value, not a procedure: its usage has no parentheses.
      (if (procedure? (guard (e (#t #f)) (eval name (interaction-environment))))
          (string-append "(" (symbol->string name) (if (string=? (cadr prim) "") "" " ") (cadr prim) "): " (caddr prim) "\n")
          (string-append (symbol->string name) ": " (caddr prim) " (a value, written without parentheses)\n")))
     (attribute (htll:describe-attribute name))
     (enum (string-append (symbol->string name) ": "
                          (htll:string-join (map (lambda (v) (string-append (symbol->string (car v)) " (" (cdr v) ")")) (cdr enum)) ", ")
                          "\n"))
     (colour (string-append (symbol->string name) ": [UIColor " (cadr colour) "]\n"))
     (else #f))))

;; Every name HTLL defines for layouts, for completion.
(define (htll-names)
  (append (map car htll:kind-table) '(button) (map car htll:primitive-table) (map car htll:resource-constructors)
          (map car htll:color-table)))

;; Attribute names, enumeration values and colours too, for completing inside attribute lists.
(define (htll-completion-words)
  (let ((words (append (htll-names)
                       (apply append (map (lambda (k) (map car (cdr k))) htll:attribute-table))
                       (map car htll:enum-table)
                       (apply append (map (lambda (e) (map car (cdr e))) htll:enum-table))
                       (map car htll:text-attribute-table))))
    ;; Each once, in first-seen order.
    (let loop ((ws words) (seen '()))
      (cond ((null? ws) (reverse seen))
            ((memq (car ws) seen) (loop (cdr ws) seen))
            (else (loop (cdr ws) (cons (car ws) seen)))))))

;; The HTLL words containing the string TEXT, for ,apropos.
(define (htll-apropos text)
  (htll:filter (lambda (w) (htll:string-contains? (symbol->string w) text)) (htll-completion-words)))

;; #t once a layout has been placed.
(define (htll-has-layout?) (if htll:the-root #t #f))
