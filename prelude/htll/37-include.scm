;;; HTLL prelude: loading a layout's top-level forms, with (include "file.htll" ...).
;;;
;;; An include at the top level of a layout (or of an included file) loads the named files in its
;;; place, resolved against the INCLUDING file's folder. Their forms are rewritten like the
;;; layout's own (views bound by define get their names, errors are located in the included
;;; file), and what they define (styles, constants, views) is visible to the forms after the
;;; include. Including a file that is already being included is an error listing the chain.
;;; The host provides (%htll-read-forms TEXT FILE): the data of TEXT with FILE's locations.

(define (htll:split-path p)
  (let loop ((cs (string->list p)) (seg '()) (acc '()))
    (cond ((null? cs) (reverse (cons (list->string (reverse seg)) acc)))
          ((char=? (car cs) #\/) (loop (cdr cs) '() (cons (list->string (reverse seg)) acc)))
          (else (loop (cdr cs) (cons (car cs) seg) acc)))))

(define (htll:absolute-path? p) (and (> (string-length p) 0) (char=? (string-ref p 0) #\/)))

;; P without "." segments, "x/.." pairs and repeated slashes (textually: symbolic links are not
;; followed), so one file has one name in the include chain.
(define (htll:normalize-path p)
  (let ((absolute (htll:absolute-path? p)))
    (let loop ((segs (htll:split-path p)) (acc '()))
      (cond ((null? segs)
             (let ((body (htll:string-join (reverse acc) "/")))
               (cond (absolute (string-append "/" body)) ((string=? body "") ".") (else body))))
            ((member (car segs) '("" ".")) (loop (cdr segs) acc))
            ((and (string=? (car segs) "..") (pair? acc) (not (string=? (car acc) "..")))
             (loop (cdr segs) (cdr acc)))
            ((and (string=? (car segs) "..") absolute) (loop (cdr segs) acc))
            (else (loop (cdr segs) (cons (car segs) acc)))))))

;; The folder part of PATH ("" for a bare file name).
(define (htll:path-folder path)
  (let loop ((i (- (string-length path) 1)))
    (cond ((< i 0) "") ((char=? (string-ref path i) #\/) (substring path 0 (+ i 1))) (else (loop (- i 1))))))

;; NAME as written in an include in the file FROM.
(define (htll:resolve-include from name)
  (htll:normalize-path (if (htll:absolute-path? name) name (string-append (htll:path-folder from) name))))

;; Where FORM was written, in the file being loaded.
(define (htll:form-location form)
  (let ((loc (htll:datum-location form)))
    (if (and loc htll:location-file (pair? loc)) (cons htll:location-file (cdr loc)) loc)))

;; The text of the file at PATH, for an include written at LOC. Opening goes through the Scheme
;; library's file procedures, so a sandboxed instance refuses what it refuses to `open-input-file`.
(define (htll:read-include-text name path loc)
  (define who (string-append "include " (htll:written name)))
  (define (refused e)
    (let* ((m (if (error-object? e) (error-object-message e) (htll:written e)))
           (colon (htll:index-of #\: (string->list m) char=?)))
      ;; "file-exists?: access to ... is not allowed" => "access to ... is not allowed"
      (htll:error-at loc (string-append who ": " (if (and colon (< (+ colon 2) (string-length m)))
                                                      (substring m (+ colon 2) (string-length m))
                                                      m)))))
  (if (not (guard (e (#t (refused e))) (file-exists? path)))
      (htll:error-at loc (string-append who ": no such file " path)))
  ;; A folder opens as an empty file on some systems: say what it is instead of including nothing.
  (if (guard (e (#t #f)) (file-exists? (string-append path "/.")))
      (htll:error-at loc (string-append who ": " path " is a folder, not a file")))
  (guard (e (#t (refused e)))
    (call-with-input-file path
      (lambda (port)
        (let loop ((chunks '()))
          (let ((s (read-string 65536 port)))
            (if (eof-object? s) (apply string-append (reverse chunks)) (loop (cons s chunks)))))))))

;; CHAIN: the files being loaded, innermost first ('() at the layout's top level). It is passed
;; along rather than kept in a global, which an error would leave set for the next layout.
(define (htll:include-file name loc chain)
  (let* ((from (or htll:location-file ""))
         (chain (if (null? chain) (list (htll:normalize-path from)) chain))
         (path (htll:resolve-include from name)))
    ;; Textual names miss a folder linked into itself (a/link/link/...): stop such chains too.
    (if (> (length chain) 64)
        (htll:error-at loc (string-append "include " (htll:written name) ": includes nested more than 64 deep")))
    (if (member path chain)
        (htll:error-at loc (string-append "include " (htll:written name) ": include cycle "
                                          (htll:string-join (reverse (cons path chain)) " -> "))))
    (let ((forms (%htll-read-forms (htll:read-include-text name path loc) path))
          (saved-file htll:location-file))
      ;; (An error leaves htll:location-file set; htll-load-forms sets it again for every layout.)
      (dynamic-wind
       (lambda () (set! htll:location-file path))
       (lambda () (htll:load-forms-in forms (cons path chain)))
       (lambda () (set! htll:location-file saved-file))))))

;; Evaluates the top-level forms of the list FORMS in turn. A form that is not a pair (a misspelt
;; name) has no location of its own: the list's pair holding it has the reader's, and an error in
;; it is reported there. A run of view definitions is evaluated as one form (htll:definition-run).
(define (htll:load-forms-in forms chain)
  (let loop ((cell forms))
    (if (pair? cell)
        (let* ((form (car cell))
               ;; Only a form that is not a pair needs the list's location (looked up by the host).
               (loc (and (not (pair? form)) (htll:form-location cell)))
               (after-run (and (not loc) (htll:definition-run-end cell))))
          (cond (loc
                 (guard (e ((error-object? e) (htll:error-at loc (error-object-message e))))
                   (eval form htll:layout-environment)))
                (after-run
                 (let ((rest (htll:define-views! cell after-run)))
                   (if (not (eq? rest after-run))
                       (let ((run (htll:rewrite-bindings (cons 'begin (htll:list-until rest after-run)))))
                         ((%compile-sequence (cdr run) htll:layout-environment))))))
                ;; (A style's definition in a file: at the REPL, evaluated as typed. Before the call
                ;; trees: define-style is syntax, never one, and trying cost about 1,300 instructions
                ;; a style, 5% of defining one.)
                ((and (pair? form) (eq? (car form) 'define-style)) (htll:load-style form #t))
                ((and (pair? form) (htll:evaluate-call-tree! form)))
                ((and (pair? form) (or (eq? (car form) 'let) (eq? (car form) 'let*)) (htll:evaluate-let-tree! form)))
                (else (htll:load-form-in form chain)))
          (loop (if after-run after-run (cdr cell)))))))

;; Whether FORM is a plain view definition, (define NAME (KIND ARGUMENT ...)): KIND a view,
;; primitive or resource constructor other than in and in-cell, each ARGUMENT a constant, a
;; variable or a quotation, NAME neither define nor quote nor such a constructor. Evaluating a run
;; of them as one form does what evaluating each in turn does: all are expanded before the first
;; runs, and nothing in them can change how the others expand (no macro is defined, no syntax
;; rebound, no code expanded but the constructor's call). Why: a layout of thousands of defined
;; views paid for an expansion, a compilation and a thunk per view (10,000 labels: 0.20 s, a
;; single sequence of them 0.05 s).
(define (htll:plain-definition? form)
  (and (pair? form) (eq? (car form) 'define)
       (pair? (cdr form)) (symbol? (cadr form)) (pair? (cddr form)) (null? (cdddr form))
       (let ((name (cadr form)) (e (caddr form)))
         (and (not (eq? name 'define)) (not (eq? name 'quote)) (not (htll:located-name? name))
              (pair? e) (htll:located-name? (car e))
              (not (eq? (car e) 'in)) (not (eq? (car e) 'in-cell))
              (let loop ((as (cdr e)) (n 0))
                (cond ((null? as) #t)
                      ((or (not (pair? as)) (> n 64)) #f)
                      ((not (pair? (car as))) (loop (cdr as) (+ n 1)))
                      ((and (eq? (caar as) 'quote) (pair? (cdar as)) (null? (cddar as))) (loop (cdr as) (+ n 1)))
                      (else #f)))))))

;; Where the run of plain definitions starting at the list CELL ends (the rest of the list after
;; it), or #f when fewer than two start there. At most 1,000 a run.
(define (htll:definition-run-end cell)
  (and (htll:plain-definition? (car cell))
       (pair? (cdr cell)) (htll:plain-definition? (cadr cell))
       (let loop ((p (cddr cell)) (n 2))
         (if (and (pair? p) (< n 1000) (htll:plain-definition? (car p)))
             (loop (cdr p) (+ n 1))
             p))))

;; Evaluates the plain definitions of the list CELL before its tail END as the loader's rewriting
;; (80-driver.scm) and evaluating them would, (define NAME (%htll-bound 'NAME (%htll-call 'LOCATION
;; KIND ARGUMENT ...))), without expanding or compiling them: KIND's procedure is looked up in the
;; layout's environment and called with the arguments' values, where the reader read the call.
;; Returns the rest of the list from the first definition it leaves (KIND not a procedure there, an
;; argument a variable or (), or define or quote no longer the core forms), END when none.
;; Why: a layout of thousands of defined views spent about 13,000 instructions a view expanding,
;; compiling and freeing (define v (%htll-bound 'v (%htll-call-1 '(LOCATION . D) label))), as much
;; as making the view (issue 19).
(define (htll:define-views! cell end)
  (let ((env htll:layout-environment))
    (if (%core-syntax? env 'define 'quote)
        (let loop ((p cell))
          (if (eq? p end)
              end
              (let* ((form (car p)) (e (caddr form)) (procedure (%environment-procedure env (car e)))
                     (arguments (and procedure (htll:constant-values (cdr e)))))
                (if (not arguments)
                    p
                    (let ((location (%htll-call-location e htll:location-file)))
                      (if location (set! htll:location-now location))
                      (%environment-define! env (cadr form)
                                            (%htll-bound (cadr form)
                                                         (if (and (pair? arguments) (null? (cdr arguments)))
                                                             (procedure (car arguments))
                                                             (apply procedure arguments))))
                      (loop (cdr p)))))))
        cell)))

;; The values of the expressions of the list XS if each is a quotation or a constant other than a
;; symbol or (), else #f.
(define (htll:constant-values xs)
  (let loop ((xs xs) (acc '()))
    ;; (One value, a style's attributes: the list as it is, without reverse's call.)
    (cond ((null? xs) (if (or (null? acc) (null? (cdr acc))) acc (reverse acc)))
          ((and (pair? (car xs)) (eq? (caar xs) 'quote)) (loop (cdr xs) (cons (cadr (car xs)) acc)))
          ((or (pair? (car xs)) (symbol? (car xs)) (null? (car xs))) #f)
          (else (loop (cdr xs) (cons (car xs) acc))))))

;; Evaluates FORM, a top-level (define-style ...), as the definition it stands for
;; (htll:style-form->definition, located where FORM was read); DIRECT (a layout file's, not the
;; REPL's): defined without being rewritten, expanded and compiled when it can be.
(define (htll:load-style form direct)
  ;; (The location made only for an error when the style is defined now: a location is a new
  ;; list and string, about 2,500 instructions of defining each style of a layout, issue 19.)
  (if (not (and direct (htll:define-style-now! form (lambda () (htll:form-location form)))))
      (let ((loc (htll:form-location form)))
        (let ((definition (htll:style-form->definition form loc)))
          ;; An error of the definition's code with no place of its own (its attributes name an
          ;; unbound variable, say) is located at FORM: the definition was made here, not read,
          ;; and nothing in it said where it was.
          (guard (e ((and (error-object? e) (not (error-object-location e))) (htll:error-at loc (htll:error-text e))))
            (eval (htll:rewrite-bindings definition) htll:layout-environment))))))

;; Defines FORM, (define-style NAME ATTRIBUTES) or (define-style NAME (PARENT ...) ATTRIBUTES)
;; with NAME a symbol and ATTRIBUTES a quotation or a constant other than a symbol or (), at LOC
;; (a location, or a procedure that gives it: htll:error-at),
;; as evaluating what htll:style-form->definition makes of it, (define NAME (htll:make-style 'LOC
;; 'NAME 'PARENTS ATTRIBUTES)), rewritten would; #t then. #f, having done nothing, for any other
;; form (a parameterised style's, attributes to evaluate), or when define or quote is no longer
;; the core form. (The definition's value is a style, which the naming wrapper leaves as it is.)
;; Why: a layout of thousands of styles spent about as much rewriting, expanding and compiling
;; each definition as making the style and using it on a view (issue 19), and making the
;; definition to take it apart again about a fifth of defining one.
(define (htll:define-style-now! form loc)
  (let ((env htll:layout-environment))
    (and (pair? (cdr form)) (symbol? (cadr form)) (pair? (cddr form))
         (let* ((parents? (pair? (cdddr form)))
                (attrs (and (if parents? (null? (cddddr form)) (null? (cdddr form)))
                            (htll:constant-values (if parents? (cdddr form) (cddr form))))))
           (and attrs (%core-syntax? env 'define 'quote)
                (begin (%environment-define! env (cadr form)
                                             (htll:make-style loc (cadr form) (if parents? (caddr form) '()) (car attrs)))
                       #t))))))

;; The elements of the list CELL before its tail END.
(define (htll:list-until cell end)
  (let loop ((p cell) (acc '()))
    (if (eq? p end) (reverse acc) (loop (cdr p) (cons (car p) acc)))))

;; Evaluates one top-level form of a layout: an include loads its files in place, a define-style
;; becomes a located definition, a begin's forms are each top-level, and anything else is
;; rewritten for naming and locations (htll:rewrite-bindings, 80-driver.scm) and evaluated.
(define (htll:load-form form) (htll:load-form-in form '()))

(define (htll:load-form-in form chain)
  (cond
   ((and (pair? form) (eq? (car form) 'include))
    (let ((loc (htll:form-location form)))
      (if (not (and (htll:proper-list? form) (pair? (cdr form)) (htll:every string? (cdr form))))
          (htll:error-at loc (string-append "include: expected (include \"FILE\" ...), got " (htll:written form))))
      (for-each (lambda (name) (htll:include-file name loc chain)) (cdr form))))
   ((and (pair? form) (eq? (car form) 'begin) (htll:proper-list? form))
    (htll:load-forms-in (cdr form) chain))
   ((and (pair? form) (eq? (car form) 'define-style)) (htll:load-style form #f))
   (else (eval (htll:rewrite-bindings form) htll:layout-environment))))
