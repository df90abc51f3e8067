;;; HTLL prelude: view names that do not clash with the view controller's members.
;;; The Objective-C outputs declare every view as a property of the view controller (the property
;;; action, the --objc category), so a view called title would redeclare UIViewController's
;;; title (an NSString) and break the controller's navigation title. On the default target such a
;;; name gets a suffix after the view's class (title => titleLabel; a name that already ends with
;;; it gets a prefix: view => layoutView), with a warning at the view; `htllc -v ios6` keeps the
;;; original's names (it renames only what Objective-C cannot use at all, 12-names.scm). The same
;;; name is used in every output (Swift, frames, previews), so they all agree.

;; The controller's members (14-uikit-members.scm), as one string set.
(define htll:controller-names #f)
(define (htll:controller-name-set)
  (or htll:controller-names
      (let ((set (htll:make-string-set)))
        (for-each (lambda (n) (htll:string-set-add! set n))
                  (cdr (assq 'UIViewController htll:uikit-members)))
        (set! htll:controller-names set)
        set)))

;; What a layout's names must avoid besides what Objective-C reserves (12-names.scm): the
;; controller's members, or #f on the ios6 target.
(define (htll:reserved-names root)
  (and (not (htll:ios6?)) (htll:controller-name-set)))

;; Whether NAME clashes. Members compare with the first letter in lower case: a property Title
;; would declare the setter setTitle:, UIViewController's.
(define (htll:reserved? members name)
  (and members (> (string-length name) 0)
       (htll:string-set-member?
        members (string-append (string (char-downcase (string-ref name 0))) (substring name 1 (string-length name))))
       #t))

;; NAME, or the name VIEW gets instead when NAME clashes (with a warning at the view).
(define (htll:declarable-name name view reserved)
  (if (not (htll:reserved? reserved name))
      name
      (let* ((class (htll:kind-class (htll:view-kind view)))
             (noun (if (and (> (string-length class) 2) (string=? (substring class 0 2) "UI"))
                       (substring class 2 (string-length class))
                       class))
             (n (string-length name)) (k (string-length noun))
             (ends-with-noun? (and (>= n k) (string-ci=? (substring name (- n k) n) noun)))
             (renamed (if ends-with-noun?
                          (string-append "layout" (string (char-upcase (string-ref name 0))) (substring name 1 n))
                          (string-append name noun))))
        (htll:warn-at (htll:view-location view)
                      (string-append "the view " name " is called " renamed " in the generated code: a view controller"
                                     " already has a member " name " (UIViewController); htllc -v ios6 keeps the name"))
        renamed)))
