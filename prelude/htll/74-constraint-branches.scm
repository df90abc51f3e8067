;;; HTLL prelude: the constraints of a layout whose trait branches differ (82-variants.scm), as
;;; one constraint set per branch (compile --constraints).
;;;
;;; The views of every branch are created once; so are the guides of every branch, each named
;;; by its identifier (htllGuideN), added to the parent when the views are. Where the frame code
;;; evaluates its branch (view-will-layout-subviews, cell-layout, the Swift layout methods), the
;;; constraint code evaluates the same if / else chain, and a branch that is not the active one
;;; deactivates the active set and activates its own. The generated code keeps no state of its
;;; own: the active set is the parent's and its subviews' constraints whose identifier starts with
;;; htllBranch (the branch's number follows), found again at every layout pass, so the code works
;;; unchanged in a view controller, a UIView subclass and a reused table cell. A branch's content
;;; priorities are set again on entering it where another branch changes them.

;; The constraints of every branch: (state ...) in the order of the groups.
(define (htll:c-branch-states groups) (map (lambda (g) (htll:constraints (car g))) groups))

;; The number the first guide of each branch takes after the guides of the branches before it.
(define (htll:c-guide-offsets states)
  (let loop ((ss states) (n 0) (acc '()))
    (if (null? ss)
        (reverse acc)
        (loop (cdr ss) (+ n (length (htll:c-state-guides (car ss)))) (cons n acc)))))

;; The views of every branch, each once by name, in the order the branches place them.
(define (htll:c-branch-views states name-of)
  (let loop ((vs (apply append (map htll:c-state-placed states))) (seen '()) (acc '()))
    (cond ((null? vs) (reverse acc))
          ((member (name-of (car vs)) seen) (loop (cdr vs) seen acc))
          (else (loop (cdr vs) (cons (name-of (car vs)) seen) (cons (car vs) acc))))))

;; The lines that set up the constraint sets of GROUPS where the views are added: every view
;; stops translating its autoresizing mask, and every branch's guides are added, named.
(define (htll:constraint-setup-lines groups name-of parent lang)
  (let* ((states (htll:c-branch-states groups))
         (total (apply + (map (lambda (st) (length (htll:c-state-guides st))) states))))
    (append
     (htll:c-translate-lines (htll:c-branch-views states name-of) name-of lang)
     (let loop ((n total) (acc '()))
       (if (= n 0)
           acc
           (loop (- n 1)
                 (let* ((name (htll:c-guide-number-name n))
                        (make (htll:c-guide-lines name parent lang)))
                   (append (list (car make)
                                 (if (eq? lang 'swift)
                                     (string-append name ".identifier = \"" name "\"")
                                     (string-append name ".identifier = @\"" name "\";"))
                                 (cadr make))
                           acc))))))))

;; The line before the branch chain: the active set (the constraints of the parent and of its
;; subviews whose identifier starts with htllBranch).
(define (htll:c-active-line parent lang)
  (if (eq? lang 'swift)
      (string-append "let htllActive = ([" parent "] + " parent ".subviews).flatMap { $0.constraints }"
                     ".filter { $0.identifier?.hasPrefix(\"htllBranch\") == true }")
      (string-append "NSArray * htllActive = [[" parent ".constraints arrayByAddingObjectsFromArray:[" parent
                     ".subviews valueForKeyPath:@\"@unionOfArrays.constraints\"]] filteredArrayUsingPredicate:"
                     "[NSPredicate predicateWithFormat:@\"identifier BEGINSWITH %@\", @\"htllBranch\"]];")))

;; The lines that make branch B (from 1) of STATES the active set, unless it is.
(define (htll:c-branch-lines states b name-of parent lang)
  (let* ((st (list-ref states (- b 1)))
         (offset (list-ref (htll:c-guide-offsets states) (- b 1)))
         (guide-name (lambda (n) (htll:c-guide-number-name (+ offset n))))
         (item-text (htll:c-item-text name-of parent guide-name))
         (swift? (eq? lang 'swift))
         (marker (string-append "htllBranch" (number->string b)))
         (guides (map (lambda (g) (guide-name (vector-ref g 1))) (reverse (htll:c-state-guides st))))
         (named (htll:c-named st))
         ;; Priorities another branch sets differently are set whatever their value.
         (forced (lambda (v)
                   (let ((mine (hash-table-ref/default (htll:c-state-views st) v #f)))
                     (htll:filter
                      (lambda (i)
                        (htll:any (lambda (other)
                                    (htll:any (lambda (w)
                                                (and (string=? (name-of w) (name-of v))
                                                     (not (= (vector-ref (hash-table-ref/default (htll:c-state-views other) w #f) i)
                                                             (vector-ref mine i)))))
                                              (htll:c-state-placed other)))
                                  states))
                      '(0 1 2 3)))))
         (body (append
                (if swift? '() (list "[NSLayoutConstraint deactivateConstraints:htllActive];"))
                (if swift? (list "NSLayoutConstraint.deactivate(htllActive)") '())
                (if swift?
                    '()
                    (map (lambda (g) (string-append "UILayoutGuide * " g " = [[" parent ".layoutGuides filteredArrayUsingPredicate:"
                                                    "[NSPredicate predicateWithFormat:@\"identifier == %@\", @\"" g "\"]] firstObject];"))
                         guides))
                (apply append (map (lambda (v) (htll:c-priority-lines st v name-of lang (forced v))) (htll:c-state-placed st)))
                (htll:c-named-lines named item-text lang)
                (htll:c-array-lines named item-text lang
                                    (if swift? "let htllBranch = [" "NSArray * htllBranch = [NSArray arrayWithObjects:")
                                    (if swift? "]" "    nil];"))
                (if swift?
                    (list (string-append "htllBranch.forEach { $0.identifier = \"" marker "\" }")
                          "NSLayoutConstraint.activate(htllBranch)")
                    (list (string-append "[htllBranch setValue:@\"" marker "\" forKey:@\"identifier\"];")
                          "[NSLayoutConstraint activateConstraints:htllBranch];")))))
    (append
     (if swift?
         (append
          (list (string-append "if !htllActive.contains(where: { $0.identifier == \"" marker "\" })"
                               (if (null? guides) " {" ",")))
          (let loop ((gs guides) (acc '()))
            (if (null? gs)
                (reverse acc)
                (loop (cdr gs)
                      (cons (string-append "    let " (car gs) " = " parent ".layoutGuides.first(where: { $0.identifier == \""
                                           (car gs) "\" })" (if (null? (cdr gs)) " {" ","))
                            acc)))))
         (list (string-append "if (![[htllActive valueForKey:@\"identifier\"] containsObject:@\"" marker "\"]) {")))
     (htll:indent 4 body)
     (list "}"))))

;; The branch chain of the current layout as constraint sets, in dialect D (82-variants.scm's,
;; for the conditions, the hidden views and the attributes a branch sets), or none when the
;; layout has one set (stated once where the views are added).
(define (htll:constraint-branch-chain d name-of parent lang)
  (let ((groups (htll:variant-groups)))
    (if (or (not groups) (null? (cdr groups)))
        '()
        (let* ((states (htll:c-branch-states groups))
               (roots (map car groups))
               (d2 (lambda (msg . args)
                     (if (eq? msg 'frames)
                         (htll:c-branch-lines states (+ 1 (htll:index-of (car args) roots eq?)) name-of parent lang)
                         (apply d msg args)))))
          (cons (htll:c-active-line parent lang) (htll:branch-lines d2 name-of groups))))))

;; #t when the current layout's constraints are one set per trait branch.
(define (htll:constraint-branches?)
  (let ((groups (htll:variant-groups)))
    (and groups (pair? (cdr groups)) #t)))
