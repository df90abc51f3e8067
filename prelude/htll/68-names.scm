;;; HTLL prelude, part 6b: names the generated code can declare.
;;; The Objective-C outputs declare every view as a property of the view controller (the property
;;; action, the --objc category), so a view called title would redeclare UIViewController's
;;; title (an NSString) and break the controller's navigation title; the methods the fragments go
;;; into have locals and parameters of their own (keyPath, sender, tableView, the cell). On the
;;; default target such a name gets a suffix after the view's class (title => titleLabel; a name
;;; that already ends with it gets a prefix: tableView => layoutTableView), with a warning at the
;;; view; `htllc -v ios6` keeps the original's names. The same name is used in every output
;;; (Swift, frames, previews), so they all agree.

;; Names the Objective-C outputs use themselves in the controller: the category's methods and
;; the locals and parameters of the methods the fragments and the category's methods fill.
(define htll:generated-controller-names
  '("layoutViewDidLoad" "layoutViewWillAppear" "layoutViewWillLayoutSubviews" "layoutViewWillDisappear"
    "layoutCellForTableView" "htllBindingChanged" "keyPath" "object" "change" "context" "value" "sender"))

;; The locals and parameters of the method a cell layout goes into (tableView:cellForRowAtIndexPath:
;; in Objective-C, layoutCell(for:) in Swift); the cell's own variable is added per layout.
(define htll:generated-cell-names '("tableView" "indexPath" "CellIdentifier" "cellIdentifier"))

;; The controller's members (12-uikit-members.scm) and the generated names, as one string set.
(define htll:controller-names #f)
(define (htll:controller-name-set)
  (or htll:controller-names
      (let ((set (htll:make-string-set)))
        (for-each (lambda (n) (htll:string-set-add! set n))
                  (append (cdr (assq 'UIViewController htll:uikit-members)) htll:generated-controller-names))
        (set! htll:controller-names set)
        set)))

;; What a layout's names must avoid: (set . extra-names), or #f on the ios6 target.
(define (htll:reserved-names root)
  (and (not (htll:ios6?))
       (cons (htll:controller-name-set)
             (if (and root (htll:root-cell root))
                 (cons (htll:root-cell root) htll:generated-cell-names)
                 '()))))

;; Whether NAME clashes. Members compare with the first letter in lower case: a property Title
;; would declare the setter setTitle:, UIViewController's.
(define (htll:reserved? reserved name)
  (and reserved
       (let ((lower (if (> (string-length name) 0)
                        (string-append (string (char-downcase (string-ref name 0))) (substring name 1 (string-length name)))
                        name)))
         (or (htll:string-set-member? (car reserved) lower) (member name (cdr reserved)) #f))))

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
                      (string-append "the view " name " is called " renamed " in the generated code: "
                                     (if (member name (cdr reserved))
                                         (string-append name " is a name the generated method uses itself")
                                         (string-append "a view controller already has a member " name " (UIViewController)"))
                                     "; htllc -v ios6 keeps the name"))
        renamed)))
