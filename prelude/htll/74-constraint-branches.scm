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

;; The views of ROOT that collapse while hidden (collapse-when-hidden), in layout order.
(define (htll:c-collapsing-views root)
  (let ((found '()))
    (let walk ((x (htll:root-child root)))
      (if (htll:node? x)
          (begin (if (and (htll:collapse-node? x) (not (memq (htll:collapsed-view x) found)))
                     (set! found (cons (htll:collapsed-view x) found)))
                 (for-each walk (htll:node-children x)))))
    (reverse found)))

;; At most this many collapsing views per branch: each combination of hidden ones is a set.
(define htll:c-max-collapsing 4)

;; Every combination of hidden (#t) and shown (#f) for N views, all shown first.
(define (htll:c-combinations n)
  (if (= n 0)
      '(())
      (let ((rest (htll:c-combinations (- n 1))))
        (append (map (lambda (c) (cons #f c)) rest) (map (lambda (c) (cons #t c)) rest)))))

;; The constraint sets of the layout's roots (its trait branches, or the layout): per root,
;; (root collapsing-views ((combination . state) ...)).
(define (htll:c-sets roots)
  (map (lambda (root)
         (let ((cvs (htll:c-collapsing-views root)))
           (if (> (length cvs) htll:c-max-collapsing)
               (htll:error-at (htll:view-location (list-ref cvs htll:c-max-collapsing))
                              (string-append "--constraints: collapse-when-hidden: more than " (number->string htll:c-max-collapsing)
                                             " views that collapse (one constraint set for each combination of hidden ones)"
                                             " cannot be stated as Auto Layout constraints")))
           (list root cvs
                 (map (lambda (combo)
                        (cons combo (htll:constraints root (lambda (v) (let ((i (htll:index-of v cvs eq?))) (and i (list-ref combo i)))))))
                      (htll:c-combinations (length cvs))))))
       roots))

;; The states of SETS, numbered from 1 in this order.
(define (htll:c-set-states sets) (apply append (map (lambda (s) (map cdr (caddr s))) sets)))

;; The roots whose constraints the code states: the trait branches, or the layout.
(define (htll:c-roots)
  (let ((groups (htll:variant-groups)))
    (if groups (map car groups) (list (htll:the-layout "constraints")))))

;; The number the first guide of each branch takes after the guides of the branches before it.
(define (htll:c-guide-offsets states)
  (let loop ((ss states) (n 0) (acc '()))
    (if (null? ss)
        (reverse acc)
        (loop (cdr ss) (+ n (length (htll:c-state-guides (car ss)))) (cons n acc)))))

;; The views of every branch, each once by name, in the order the branches place them.
;; (The names met are a table: a list searched for each view was quadratic, issue 19.)
(define (htll:c-branch-views states name-of)
  (let ((seen (make-equal-hash-table)))
    (let loop ((vs (apply append (map htll:c-state-placed states))) (acc '()))
      (cond ((null? vs) (reverse acc))
            ((hash-table-ref/default seen (name-of (car vs)) #f) (loop (cdr vs) acc))
            (else (hash-table-set! seen (name-of (car vs)) #t) (loop (cdr vs) (cons (car vs) acc)))))))

;; The lines that set up the constraint sets where the views are added: every view stops
;; translating its autoresizing mask, and every set's guides are added, named.
(define (htll:constraint-setup-lines name-of parent lang)
  (let* ((states (htll:c-set-states (htll:c-sets (htll:c-roots))))
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

;; The lines that make set B (from 1) of STATES the active set, unless it is.
(define (htll:c-branch-lines states b name-of parent lang)
  (let* ((st (list-ref states (- b 1)))
         (offset (list-ref (htll:c-guide-offsets states) (- b 1)))
         (guide-name (lambda (n) (htll:c-guide-number-name (+ offset n))))
         (item-text (htll:c-item-text name-of parent guide-name))
         (swift? (eq? lang 'swift))
         (marker (string-append "htllBranch" (number->string b)))
         (guides (map (lambda (g) (guide-name (vector-ref g 1))) (reverse (htll:c-state-guides st))))
         (named (htll:c-named st))
         ;; Each state's placed views by name ((state . table) ...): the views of the same name
         ;; in every branch were searched for in each branch's list, for every view (quadratic:
         ;; 4,000 views in two branches took 52 s, issue 19).
         (by-name (map (lambda (other)
                         (cons other (htll:grouped (htll:c-state-placed other) name-of (lambda (w) w) make-equal-hash-table)))
                       states))
         ;; Priorities another branch sets differently are set whatever their value.
         (forced (lambda (v)
                   (let ((mine (hash-table-ref/default (htll:c-state-views st) v #f)) (name (name-of v)))
                     (htll:filter
                      (lambda (i)
                        (htll:any (lambda (entry)
                                    (htll:any (lambda (w)
                                                (not (= (vector-ref (hash-table-ref/default (htll:c-state-views (car entry)) w #f) i)
                                                        (vector-ref mine i))))
                                              (hash-table-ref/default (cdr entry) name '())))
                                  by-name))
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

;; The lines that activate ROOT's set (of SETS, whose states are STATES) in dialect D: its one
;; set, or an if / else chain on the hidden property of its collapsing views.
(define (htll:c-root-lines d sets states root name-of parent lang)
  (let* ((entry (let find ((ss sets)) (if (eq? (caar ss) root) (car ss) (find (cdr ss)))))
         (cvs (cadr entry))
         (number (lambda (st) (+ 1 (htll:index-of st states eq?))))
         (hidden-text (lambda (v hidden)
                        (string-append (if hidden "" "!") (name-of v) (if (eq? lang 'swift) ".isHidden" ".hidden")))))
    (if (null? cvs)
        (htll:c-branch-lines states (number (cdar (caddr entry))) name-of parent lang)
        (let loop ((cs (caddr entry)) (first #t) (acc '()))
          (if (null? cs)
              (reverse (cons (d 'end) acc))
              (let ((head (cond ((null? (cdr cs)) (d 'else))
                                (else ((if first (lambda (t) (d 'if t)) (lambda (t) (d 'else-if t)))
                                       (htll:string-join (map hidden-text cvs (caar cs)) " && "))))))
                (loop (cdr cs) #f
                      (append (reverse (htll:indent 4 (htll:c-branch-lines states (number (cdar cs)) name-of parent lang)))
                              (list head) acc))))))))

;; The layout pass of the current layout's constraint sets, in dialect D (82-variants.scm's, for
;; the conditions, the hidden views and the attributes a trait branch sets), or none when the
;; layout has one set (stated once where the views are added). The trait branches' chain is the
;; frame code's; in a branch, the combination of hidden collapsing views picks the set.
(define (htll:constraint-branch-chain d name-of parent lang)
  (if (not (htll:constraint-branches?))
      '()
      (let* ((groups (htll:variant-groups))
             (sets (htll:c-sets (htll:c-roots)))
             (states (htll:c-set-states sets))
             (lines (lambda (root) (htll:c-root-lines d sets states root name-of parent lang))))
        (cons (htll:c-active-line parent lang)
              (if (and groups (pair? (cdr groups)))
                  (htll:branch-lines (lambda (msg . args) (if (eq? msg 'frames) (lines (car args)) (apply d msg args)))
                                     name-of groups)
                  (lines (car (htll:c-roots))))))))

;; #t when the current layout's constraints are several sets: its trait branches differ, or
;; views in it collapse while hidden.
(define (htll:constraint-branches?)
  (let ((groups (htll:variant-groups)))
    (or (and groups (pair? (cdr groups)) #t)
        (htll:any (lambda (r) (pair? (htll:c-collapsing-views r))) (htll:c-roots)))))
