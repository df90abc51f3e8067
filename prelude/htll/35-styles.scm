;;; HTLL prelude: styles (named attribute lists, as in DRYUI).
;;;
;;;   (define-style big-title `((font . ,(bold-system-font-of-size 24)) (text-alignment . center)))
;;;   (define-style red-title (big-title) '((text-color . red-color)))      ; inherits big-title
;;;   (define-style (card colour) `((background-color . ,colour)))          ; parameterised
;;;   (label 'red-title (card 'white-color) '((text . "Hi")))
;;;   (styled (label '((text . "Hi"))) red-title)
;;;
;;; A style is a modifier (30-views.scm): its attributes are checked against the kind of the view
;;; it is used on, when it is used, and apply before the view's own ones. A style inherits what its
;;; parents set when it is defined (parents in order, then its own), so a style can only inherit
;;; from styles defined before it and there can be no cycle. Defining a name again replaces the
;;; style for later uses, like `define`.

;; NAME: the style's name. PARTS: ((defining-style-name . raw-attribute-alist) ...), parents'
;; attributes first. MAKE: for a parameterised style, the procedure its name is bound to; else #f.
;; MODIFIERS: what htll:style-modifiers made of it, once made (not a pair until then).
(define-record-type htll:style
  (htll:make-style-record name parts make)
  htll:style?
  (name htll:style-name)
  (parts htll:style-parts)
  (make htll:style-make)
  (modifiers htll:style-made-modifiers htll:set-style-made-modifiers!))

;; ((name . style) ...), newest first: what a quoted name ('big-title) refers to.
(define htll:style-table '())

;; The same by name, in an eq table: a layout of thousands of styles searched the list for each
;; style it defined and used (quadratic, issue 19).
(define htll:style-index (make-eq-hash-table))

(define (htll:style-entry name) (hash-table-ref/default htll:style-index name #f))

;; (A name defined again leaves the list: the only case that walks it.)
(define (htll:register-style! style)
  (let ((name (htll:style-name style)))
    (set! htll:style-table
          (cons (cons name style)
                (if (htll:style-entry name)
                    (htll:filter (lambda (e) (not (eq? (car e) name))) htll:style-table)
                    htll:style-table)))
    (hash-table-set! htll:style-index name style)))

;; Every attribute name some view kind has, for checking a style where it is defined.
(define (htll:all-attribute-names)
  (append (apply append (map (lambda (k) (map car (cdr k))) htll:attribute-table))
          (map car htll:attribute-aliases)))

;; Whether NAME is one of htll:all-attribute-names: an eq table made once for the tables it
;; was made from (each style's check made the list again and searched it for each attribute).
(define htll:attribute-name-set (list #f #f))
(define (htll:attribute-name? name)
  (if (not (and (eq? (car htll:attribute-name-set) htll:attribute-table)
                (eq? (cadr htll:attribute-name-set) htll:attribute-aliases)))
      (set! htll:attribute-name-set
            (list htll:attribute-table htll:attribute-aliases (htll:set-of (htll:all-attribute-names) make-eq-hash-table))))
  (hash-table-ref/default (caddr htll:attribute-name-set) name #f))

;; Checks the shape of a style's attribute list and that each name is an attribute of some kind;
;; values are checked where the style is used (their type depends on the view's kind). NAME: the
;; style's, for messages (its text made only for one: a layout of thousands of styles made it
;; for each).
(define (htll:check-style-attributes name attrs loc)
  (if (not (htll:proper-list? attrs))
      (htll:error-at loc (string-append (htll:style-who name) ": attributes must be a list of (name . value), got " (htll:written attrs))))
  (let loop ((as attrs))
    (if (pair? as)
        (let ((a (car as)))
          (cond ((null? a))
                ((not (and (pair? a) (symbol? (car a))))
                 (htll:error-at loc (string-append (htll:style-who name) ": an attribute must be (name . value), got " (htll:written a))))
                ((not (htll:attribute-name? (car a)))
                 (htll:error-at loc (string-append (htll:style-who name) ": no view has an attribute " (symbol->string (car a))
                                                   (htll:did-you-mean (car a) (htll:all-attribute-names))))))
          (loop (cdr as))))))

;; The parts a style named NAME inherits from PARENTS (names of styles defined before it).
(define (htll:parent-parts name parents loc)
  (define (who) (htll:style-who name))
  (cond
   ((null? parents) '())
   ((not (and (htll:proper-list? parents) (htll:every symbol? parents)))
    (htll:error-at loc (string-append (who) ": the parents must be a list of style names, got " (htll:written parents))))
   (else
    (apply append
           (map (lambda (p)
                  (let ((s (htll:style-entry p)))
                    (cond ((not s)
                           (htll:error-at loc (string-append (who) ": unknown parent style " (symbol->string p)
                                                             (htll:did-you-mean p (map car htll:style-table)))))
                          ((htll:style-make s)
                           (htll:error-at loc (string-append (who) ": style " (symbol->string p)
                                                             " takes arguments, so it cannot be a parent")))
                          (else (htll:style-parts s)))))
                parents)))))

(define (htll:style-who name) (string-append "define-style " (htll:->string name)))

;; A style's name becomes a variable: it must not replace a view constructor or primitive.
(define (htll:check-style-name name loc)
  (cond ((not (symbol? name))
         (htll:error-at loc (string-append "define-style: the name must be a symbol, got " (htll:written name))))
        ;; (The names' table, not the list: every style of a layout is checked.)
        ((htll:located-name? name)
         (htll:error-at loc (string-append (htll:style-who name) ": " (symbol->string name)
                                           " is an HTLL name; call the style something else")))))

;; (define-style NAME [(PARENT ...)] ATTRIBUTES) => the style, also registered under NAME.
;; LOC is the definition's location, a procedure that gives it (htll:error-at), or #f for the
;; current one.
(define (htll:make-style loc name parents attrs)
  (let ((loc (or loc (htll:current-location))))
    (htll:check-style-name name loc)
    (let ((inherited (htll:parent-parts name parents loc)))
      (htll:check-style-attributes name attrs loc)
      ;; (A style without parents, most: its one part without append's call.)
      (let* ((own (list (cons name attrs)))
             (style (htll:make-style-record name (if (null? inherited) own (append inherited own)) #f)))
        (htll:register-style! style)
        style))))

;; (define-style (NAME PARAMETER ...) [(PARENT ...)] ATTRIBUTES): NAME is bound to a procedure
;; returning a style; ATTRIBUTES is evaluated at each call and checked where the result is used.
(define (htll:make-style-procedure loc name parents attrs-of)
  (let* ((loc (or loc (htll:current-location)))
         (inherited (begin (htll:check-style-name name loc) (htll:parent-parts name parents loc)))
         (make (lambda args
                 (htll:make-style-record name (append inherited (list (cons name (apply attrs-of args)))) #f))))
    (htll:register-style! (htll:make-style-record name inherited make))
    make))

;; For use outside a layout's top level (the REPL, a body): the loader turns a top-level
;; define-style into a located call itself (htll:style-form->definition).
(define-syntax define-style
  (syntax-rules ()
    ((_ (name . params) (parent ...) attrs)
     (define name (htll:make-style-procedure #f 'name '(parent ...) (lambda params attrs))))
    ((_ (name . params) attrs)
     (define name (htll:make-style-procedure #f 'name '() (lambda params attrs))))
    ((_ name (parent ...) attrs) (define name (htll:make-style #f 'name '(parent ...) attrs)))
    ((_ name attrs) (define name (htll:make-style #f 'name '() attrs)))))

;; A top-level (define-style ...) form, written at LOC, as the define it stands for. (Its length
;; found once: every style of a layout file passes here, htll:load-style.)
(define (htll:style-form->definition form loc)
  (let ((n (and (htll:proper-list? form) (length form))))
    (if (not (memv n '(3 4)))
        (htll:error-at loc "define-style: expected (define-style NAME [(PARENT ...)] ATTRIBUTES) or (define-style (NAME PARAMETER ...) [(PARENT ...)] ATTRIBUTES)"))
    (let ((head (cadr form))
          (parents (if (= n 4) (caddr form) '()))
          (attrs (if (= n 4) (cadddr form) (caddr form))))
      (cond ((symbol? head)
             (list 'define head (list htll:make-style (list 'quote loc) (list 'quote head) (list 'quote parents) attrs)))
            ;; (define-style 'big ...): a quoted name read as a style named quote.
            ((and (pair? head) (eq? (car head) 'quote) (pair? (cdr head)) (null? (cddr head)))
             (htll:error-at loc (if (symbol? (cadr head))
                                    (string-append "define-style: the name is not quoted: write (define-style "
                                                   (htll:written (cadr head)) " ...), not (define-style '"
                                                   (htll:written (cadr head)) " ...)")
                                    (string-append "define-style: the name must be a symbol or (NAME PARAMETER ...), got '"
                                                   (htll:written (cadr head))))))
            ((and (pair? head) (symbol? (car head)) (not (htll:parameter-list? (cdr head))))
             (htll:error-at loc (string-append "define-style " (symbol->string (car head))
                                               ": the parameters must be names, such as (card colour), got "
                                               (htll:written (cdr head)))))
            ((and (pair? head) (symbol? (car head)))
             (list 'define (car head)
                   (list htll:make-style-procedure (list 'quote loc) (list 'quote (car head)) (list 'quote parents)
                         (list 'lambda (cdr head) attrs))))
            (else (htll:error-at loc (string-append "define-style: the name must be a symbol or (NAME PARAMETER ...), got "
                                                    (htll:written head))))))))

;; Whether PS is a lambda's parameter list: names, distinct, the last tail a name or ().
(define (htll:parameter-list? ps)
  (let loop ((ps ps) (seen '()))
    (cond ((null? ps) #t)
          ((symbol? ps) (not (memq ps seen)))
          ((and (pair? ps) (symbol? (car ps)) (not (memq (car ps) seen))) (loop (cdr ps) (cons (car ps) seen)))
          (else #f))))

;; The modifiers a style stands for on a view: one per defining style, parents first, so `htll
;; frames` tells which style set each attribute ("style red-title (from big-title)"). Made once
;; for a style: they depend on the style alone (its parts never change), and each use made them
;; again, a string and two closures for every view styled (issue 19).
(define (htll:style-modifiers style)
  (let ((made (htll:style-made-modifiers style)))
    (if (pair? made)
        made
        (let* ((used (symbol->string (htll:style-name style)))
               (modifier
                (lambda (part)
                  (let ((origin (if (eq? (car part) (htll:style-name style))
                                    (string-append "style " used)
                                    (string-append "style " used " (from " (symbol->string (car part)) ")"))))
                    (htll:make-modifier origin (lambda (kind) (cdr part))))))
               (parts (htll:style-parts style))
               ;; (A style of one part, its own, without map: most styles are.)
               (modifiers (if (and (pair? parts) (null? (cdr parts))) (list (modifier (car parts))) (map modifier parts))))
          (htll:set-style-made-modifiers! style modifiers)
          modifiers))))

(define htll:resolve-non-style htll:resolve-modifier)

;; The error for a view of KIND given the parameterised style NAME without its arguments.
(define (htll:style-takes-arguments kind name)
  (htll:fail (string-append (symbol->string kind) ": style " (symbol->string name)
                            " takes arguments: write (" (symbol->string name) " ...)")))

;; A view constructor's argument that is a style, a style's name, or something else. (Its error
;; procedure not defined inside: that was a closure made for every styled view.)
(set! htll:resolve-modifier
  (lambda (kind x)
    (cond
     ((htll:style? x)
      (if (htll:style-make x) (htll:style-takes-arguments kind (htll:style-name x)) (htll:style-modifiers x)))
     ((symbol? x)
      (let ((s (htll:style-entry x)))
        (cond ((not s)
               (htll:fail (string-append (symbol->string kind) ": unknown style " (symbol->string x)
                                         (htll:did-you-mean x (map car htll:style-table)))))
              ((htll:style-make s) (htll:style-takes-arguments kind x))
              (else (htll:style-modifiers s)))))
     ((and (procedure? x) (htll:any (lambda (e) (and (eq? (htll:style-make (cdr e)) x) (car e))) htll:style-table))
      => (lambda (name) (htll:style-takes-arguments kind name)))
     (else (htll:resolve-non-style kind x)))))

(htll:add-primitives!
 '((styled "view style ..." "applies styles (or modifiers, or attribute lists) to VIEW before its own attributes")))
