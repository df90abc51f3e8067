;;; HTLL prelude: diagnostics and the modes that decide them: where the call being evaluated was
;;; written, located errors and warnings, the target iOS (ios15 or ios6) and strict or htllc mode.
;;; Every later file reports through these, so they load first after the utilities.

;; Where the HTLL call being evaluated was written, as (file line column) or #f; the loader
;; (80-driver.scm) sets it before each call of a constructor or primitive.
(define htll:location-now #f)
(define (htll:current-location) htll:location-now)

(define (htll:location->string loc)
  (cond ((not loc) #f)
        ((string? loc) loc)
        ((and (pair? loc) (= (length loc) 3))
         (string-append (htll:->string (car loc)) ":" (htll:->string (cadr loc)) ":"
                        (htll:->string (caddr loc))))
        (else #f)))

;; Raise an error located at LOC, a (file line column) list: the location travels as a value with
;; the error object, not as text in its message. Without one (#f), the host reports the location
;; of the layout's call being evaluated. LOC may also be a procedure that gives it, called only
;; for an error (a style's location, which its definition needs only for one: issue 19).
(define (htll:error-at loc message)
  (let ((loc (if (procedure? loc) (loc) loc)))
    (%error-at (if (pair? loc) loc #f) message)))

(define (htll:fail message) (htll:error-at (htll:current-location) message))

;; The text of the error object E as an uncaught error prints it: its message, then each irritant
;; written (for raising it again at another place).
(define (htll:error-text e)
  (apply string-append (error-object-message e)
         (map (lambda (x) (string-append " " (htll:written x))) (error-object-irritants e))))

;;; The target and warnings.

;; What the generated code is for: ios15, today's iOS (deployment target iOS 15, Swift 5.10+ and
;; the Swift 6 language mode), or ios6, the original htllc's spellings for old projects
;; (`htllc -v ios6`). The host sets it before a layout loads; 13-current-ios.scm says what ios15
;; changes of the original's vocabulary.
(define htll:targets '(ios15 ios6))
(define htll:target 'ios15)
(define (htll-set-target! target)
  (if (not (memq target htll:targets))
      (error (string-append "htll: unknown target " (htll:written target) " (targets: ios15, ios6)")))
  (set! htll:target target))
(define (htll:ios6?) (eq? htll:target 'ios6))

;; Refuses WHAT, whose UIKit API came in iOS SINCE ("7.0"; #f: iOS 6 or before), on the ios6
;; target: that target builds the original's projects for iOS 6, where the API does not exist, so
;; the code would not compile (or would crash there). The tables give SINCE (10-tables.scm,
;; 11-colors.scm); the resources below give theirs.
(define (htll:require-ios since what)
  (if (and since (htll:ios6?))
      (htll:fail (string-append what " is iOS " since " and later; htllc -v ios6 targets iOS 6"))))

;;; Compatibility with the original htllc. `htll compile` is strict: what the original accepted by
;;; accident (an unknown enumeration value it mapped to a fallback, a ratio of 0 or 1, a centre
;;; padding of half the area or more, a negative margin, a view placed twice) is an error with a
;;; suggestion. As `htllc` (or with --no-strict) those are accepted with the original's behaviour
;;; and a located warning. The host sets the mode before loading.
(define htll:strict #t)
(define (htll-set-strict! on) (set! htll:strict (if on #t #f)))

;; Warnings of the layout being loaded or compiled, newest first, each "file:line:col: warning:
;; message"; the host takes them (htll-take-warnings) and prints them on standard error, never
;; into the generated code. A warning given twice (the layout evaluated again) is kept once.
(define htll:warnings '())

(define (htll:warn-at loc message)
  (let* ((where (htll:location->string loc))
         (text (string-append (if where (string-append where ": ") "") "warning: " message)))
    (htll:add-warning! text)))

;; Adds TEXT to htll:warnings unless it is there already: looked up in a table of them, which
;; knows the list it was made for (the host and the driver empty htll:warnings), not searched in
;; the list (a layout of thousands of warnings was quadratic, issue 19).
(define htll:warning-index (cons #f #f))
(define (htll:add-warning! text)
  (let ((index (if (eq? (car htll:warning-index) htll:warnings)
                   (cdr htll:warning-index)
                   (htll:set-of htll:warnings make-equal-hash-table))))
    (if (not (hash-table-ref/default index text #f))
        (begin (hash-table-set! index text #t)
               (set! htll:warnings (cons text htll:warnings))
               (set! htll:warning-index (cons htll:warnings index))))))

(define (htll:warn message) (htll:warn-at (htll:current-location) message))

;; For hosts: the warnings so far, oldest first, and forgets them.
(define (htll-take-warnings)
  (let ((ws (reverse htll:warnings))) (set! htll:warnings '()) ws))

;; In htllc mode, warns that MESSAGE was accepted as the original did (at LOCATION, or where the
;; latest located call was written) and returns #t; in strict mode returns #f (the caller raises
;; its error).
(define (htll:lenient? message . location)
  (and (not htll:strict)
       (begin (htll:warn-at (if (pair? location) (car location) (htll:current-location))
                            (string-append message " (accepted as htllc did; htll compile refuses it)"))
              #t)))
