;;; HTLL prelude: the event, binding and layer modifiers.
;;;   (on EVENTS SELECTOR [TARGET])       a target-action connection, like the target attribute
;;;   (bind PROPERTY "key.path" [MODE])   the property shows the controller's key path (KVO)
;;;   (layer ALIST)                       CALayer properties: corners, border, shadow, opacity
;;; Each returns a modifier (30-views.scm) that a view constructor takes before its attribute lists.
;;; They expand into attributes of the tables (target, bind, layer-...), so every output, the
;;; frames JSON and the previews see them as plain attributes.

(htll:add-primitives!
 '((on "events selector [target]" "calls SELECTOR on TARGET (default self) when a control sends one of EVENTS")
   (bind "property key-path ['two-way]" "sets PROPERTY from the controller's KEY-PATH when the view appears and keeps it updated")
   (layer "attributes" "sets the view's CALayer: corner-radius, border-width, border-color, shadow-..., opacity")))

;;; Events (which kinds send them: htll:control-kind? in 10-tables.scm)

;; (on 'touch-up-inside 'save:), (on '(touch-down touch-drag-inside) 'track:),
;; (on 'value-changed 'sliderMoved: 'self.model): the same as (target . (TARGET SELECTOR EVENTS)).
;; The latest event symbol found a control event, the name of modifiers for it ("on
;; touch-up-inside", made once, not for every button's action) and the enumeration table it was
;; found in, as #(event who table): a long layout's actions mostly send one event, and checking
;; it again (the events' table, the list's walk) was about a third of `on` (issue 19).
(define htll:latest-on-event (vector #f #f #f))
(define (on events selector . target)
  (let* ((latest htll:latest-on-event)
         (event-list (if (symbol? events) (list events) events))
         (who (if (and (eq? (vector-ref latest 0) events) (eq? (vector-ref latest 2) htll:enum-table))
                  (vector-ref latest 1)
                  (htll:checked-events-who events event-list))))
    (if (not (or (symbol? selector) (string? selector)))
        (htll:fail (string-append who ": the selector must be a symbol or a string such as save:, got " (htll:written selector))))
    ;; (htll:->string and htll:selector? in place: every button's action passes here.)
    (let ((name (if (symbol? selector) (symbol->string selector) selector)))
      (if (not (%htll-selector? name))
          (htll:fail (string-append who ": " (htll:written name) " is not an Objective-C selector (such as save: or save)")))
      (if (and (pair? target) (pair? (cdr target)))
          (htll:fail (string-append who ": expected (on EVENTS SELECTOR [TARGET]), got extra arguments " (htll:written (cdr target)))))
      ;; (The default target, self, as it is: nothing to check, no string made and read back.)
      (let ((value (list (if (pair? target)
                             (string->symbol (htll:check-key-path who "the target" (car target) "self or self.model"))
                             'self)
                         (if (symbol? selector) selector (string->symbol name))
                         ;; (A copy of a list the layout gave, checked above: the modifier's
                         ;; events are those it was made with, whatever is done to the list after.)
                         (if (symbol? events) event-list (list-copy event-list)))))
        ;; (As htll:check-target gives it: the target as checked here, the selector's text, the
        ;; events, each one known; kept for that check of the attribute. The text a copy when
        ;; the layout gave a string, which it may change after; a symbol's text is this call's.
        ;; Set in place: only the latest is read, and a vector made for every button's action
        ;; cost about 800 instructions, issue 19.)
        (let ((latest htll:latest-on-action))
          (vector-set! latest 0 value)
          (vector-set! latest 1 htll:target)
          (vector-set! latest 2 (list (car value) (if (string? selector) (string-copy name) name) (caddr value))))
        (htll:make-modifier
         who
         (lambda (kind)
           (if (not (htll:control-kind? kind))
               (htll:fail (string-append who ": " (htll:a-or-an (symbol->string kind)) " is not a control and sends no events; use "
                                         (htll:control-kinds-text))))
           (list (cons 'target value))))))))

;; The name of `on`'s modifiers for EVENTS (EVENT-LIST: the same as a list), having checked
;; that they are control events; kept as the latest (htll:latest-on-event) when EVENTS is one.
(define (htll:checked-events-who events event-list)
  (let ((who (if (symbol? events)
                 (string-append "on " (symbol->string events))
                 (string-append "on " (htll:written events))))
        (controls (htll:enum-values 'control-event)))
    (if (not (and (pair? event-list) (htll:proper-list? event-list)))
        (htll:fail (string-append "on: expected a control event or a list of them, such as touch-up-inside, got "
                                  (htll:written events))))
    (for-each (lambda (e)
                (if (not (and (symbol? e) (assq e controls)))
                    (htll:fail (string-append "on: unknown control event " (htll:written e)
                                              (if (symbol? e) (htll:did-you-mean e (map car controls)) "")))))
              event-list)
    (if (symbol? events)
        (let ((latest htll:latest-on-event))
          (vector-set! latest 0 events) (vector-set! latest 1 who) (vector-set! latest 2 htll:enum-table)))
    who))

;;; Model binding

;; The property types a binding can set through key-value coding (numbers and booleans arrive boxed).
(define htll:bindable-types '(string float int boolean color font image))

(define (htll:bindable-spec? spec)
  (and (eq? (car (caddr spec)) 'set)
       (not (htll:layer-attribute? (car spec)))
       (or (memq (cadr spec) htll:bindable-types) (htll:enum-type? (cadr spec))
           (and (pair? (cadr spec)) (eq? (car (cadr spec)) 'enum)))))

(define (htll:bindable-properties kind)
  (map car (htll:filter htll:bindable-spec? (htll:kind-attributes kind))))

;; Checks a binding (PROPERTY "key.path" MODE) for a view of KIND; WHO starts the messages.
;; Returns it, or raises an error at the current location.
(define (htll:check-binding kind binding)
  (let* ((property (car binding)) (path (cadr binding)) (mode (caddr binding))
         (who (string-append "bind " (htll:->string property)))
         (spec (and (symbol? property) (assq property (htll:kind-attributes kind)))))
    (cond ((not (symbol? property))
           (htll:fail (string-append "bind: the property must be a symbol such as text, got " (htll:written property))))
          ((not (string? path))
           (htll:fail (string-append who ": the key path must be a string such as \"user.name\", got " (htll:written path))))
          ((not (htll:name-path? path))
           (htll:fail (string-append who ": bad key path " (htll:written path)
                                     ": expected names separated by dots, such as \"user.name\"")))
          ((not (memq mode '(one-way two-way)))
           (htll:fail (string-append who ": the mode must be one-way or two-way, got " (htll:written mode))))
          ((not spec)
           (htll:fail (string-append who ": " (symbol->string kind) " has no property " (symbol->string property)
                                     (htll:did-you-mean property (htll:bindable-properties kind)))))
          ((not (htll:bindable-spec? spec))
           (htll:fail (string-append who ": " (symbol->string kind) " " (symbol->string property)
                                     " cannot be bound (bindable: "
                                     (htll:string-join (map symbol->string (htll:bindable-properties kind)) ", ") ")")))
          ((and (eq? mode 'two-way) (not (and (eq? kind 'text-field) (eq? property 'text))))
           (htll:fail (string-append who ": a two-way binding needs the text of a text-field, not "
                                     (if (eq? kind 'text-field) (symbol->string property) (string-append "a " (symbol->string kind))))))
          (else binding))))

;; (bind 'text "user.name"), (bind 'text "user.name" 'two-way): PROPERTY of the view shows the key
;; path of the controller (self) when the view appears and follows it (key-value observing) until
;; it disappears; two-way (text fields only) also writes the text back as the user edits it.
;; What does not depend on the view is checked here; the rest when a view takes the modifier.
(define (bind property key-path . mode)
  (if (and (pair? mode) (pair? (cdr mode)))
      (htll:fail (string-append "bind " (htll:->string property) ": expected (bind PROPERTY KEY-PATH [MODE]), got extra arguments "
                                (htll:written (cdr mode)))))
  (let* ((path (if (symbol? key-path) (symbol->string key-path) key-path))
         (binding (list property path (if (pair? mode) (car mode) 'one-way))))
    ;; The view-independent checks first, located here: a view kind no check reaches.
    (if (not (and (symbol? property) (string? path) (htll:name-path? path)
                  (memq (caddr binding) '(one-way two-way))))
        (htll:check-binding 'view binding))
    (htll:make-modifier
     (string-append "bind " (htll:->string property))
     (lambda (kind)
       (htll:check-binding kind binding)
       (list (list 'bind (cadr binding) (car binding) (caddr binding)))))))

;; VIEW's bindings: ((property "key.path" mode) ...), from its (bind . ("key.path" property mode))
;; attributes, a later one for the same property replacing an earlier one. Bindings written as
;; plain attributes are checked here, at the view.
;; (Every fragment asks every view, and most views have none: an assq answers them.)
(define (htll:view-bindings view)
  (let loop ((as (let ((as (htll:view-attributes view))) (if (assq 'bind as) as '()))) (acc '()))
    (cond ((null? as) (if (null? acc) acc (reverse acc)))
          ((eq? (caar as) 'bind)
           (let* ((v (cdar as)) (b (list (cadr v) (car v) (caddr v))) (saved htll:location-now))
             (set! htll:location-now (htll:view-location view))
             (htll:check-binding (htll:view-kind view) b)
             (set! htll:location-now saved)
             (loop (cdr as) (cons b (htll:filter (lambda (x) (not (eq? (car x) (car b)))) acc)))))
          (else (loop (cdr as) acc)))))

;; The ObjC/KVC name of a bound property: text, hidden, enabled, ...
(define (htll:binding-key view binding)
  (let ((spec (htll:attribute-spec view (car binding))))
    (if (not (and spec (htll:bindable-spec? spec)))
        (htll:error-at (htll:view-location view)
                       (string-append "bind " (htll:->string (car binding)) ": " (symbol->string (htll:view-kind view))
                                      " has no bindable property " (htll:->string (car binding)))))
    (cadr (caddr spec))))

;; Whether any of the DECLARED views ((view . placed?) ...) has a binding. Most layouts have
;; none, and several fragments of each output ask about every view: the answer no is kept per
;; declared list (the naming's, htll:context) while no view changes (htll:view-generation).
(define htll:unbound-declared (cons #f #f))
(define (htll:any-bindings? declared)
  (cond ((and (eq? (car htll:unbound-declared) declared) (eqv? (cdr htll:unbound-declared) htll:view-generation)) #f)
        ;; (A loop, not htll:any and a procedure: two calls for every view of the layout.)
        ((let loop ((ds declared))
           (and (pair? ds) (or (assq 'bind (htll:view-attributes (caar ds))) (loop (cdr ds)))))
         #t)
        (else (set! htll:unbound-declared (cons declared htll:view-generation)) #f)))

;; ((key-path (view . binding) ...) ...) over DECLARED views ((view . placed?) ...), in first-use order.
(define (htll:bindings-by-key-path declared)
  (if (htll:any-bindings? declared) (htll:bindings-by-key-path-of declared) '()))

;; (Each key path's entry is found in a table: searching the entries made so far was quadratic in
;; the key paths, 10,000 views bound to as many took 1.8 s, issue 19.)
(define (htll:bindings-by-key-path-of declared)
  (let ((index (make-equal-hash-table)))
    (let loop ((ds declared) (acc '()))
      (if (null? ds)
          (reverse (map (lambda (e) (cons (car e) (reverse (cdr e)))) acc))
          (loop (cdr ds)
                (let inner ((bs (htll:view-bindings (caar ds))) (acc acc))
                  (if (null? bs)
                      acc
                      (let* ((b (car bs)) (entry (hash-table-ref/default index (cadr b) #f)))
                        (inner (cdr bs)
                               (if entry
                                   (begin (set-cdr! entry (cons (cons (caar ds) b) (cdr entry))) acc)
                                   (let ((new (list (cadr b) (cons (caar ds) b))))
                                     (hash-table-set! index (cadr b) new)
                                     (cons new acc))))))))))))

(define (htll:two-way? binding) (eq? (caddr binding) 'two-way))

;; A table cell is made per row, outside a controller's appear/disappear: no bindings there.
(define (htll:refuse-cell-bindings declared)
  (for-each (lambda (d)
              (let ((bs (htll:view-bindings (car d))))
                (if (pair? bs)
                    (htll:error-at (htll:view-location (car d))
                                   (string-append "bind " (symbol->string (caar bs))
                                                  ": bindings need a view controller layout (in ... 'self.view), not a table cell")))))
            declared))

;;; Layers

;; (key attribute) for the layer modifier; the values are checked with the attribute's type.
(define htll:layer-table
  '((corner-radius layer-corner-radius) (border-width layer-border-width) (border-color layer-border-color)
    (background-color layer-background-color) (opacity layer-opacity) (masks-to-bounds layer-masks-to-bounds)
    (shadow-color layer-shadow-color) (shadow-opacity layer-shadow-opacity) (shadow-radius layer-shadow-radius)
    (shadow-offset layer-shadow-offset)))

(define (htll:layer-attribute? name) (htll:any (lambda (e) (eq? (cadr e) name)) htll:layer-table))

;; (layer '((corner-radius . 8) (border-color . gray-color) (shadow-offset . (size 0 2)) ...)).
(define (layer attrs)
  (if (not (htll:proper-list? attrs))
      (htll:fail (string-append "layer: expected a list of (name . value), got " (htll:written attrs))))
  (let ((checked
         (map (lambda (a)
                (if (not (and (pair? a) (symbol? (car a))))
                    (htll:fail (string-append "layer: an attribute must be (name . value), got " (htll:written a))))
                (let ((entry (assq (car a) htll:layer-table)))
                  (if (not entry)
                      (htll:fail (string-append "layer: unknown layer attribute " (symbol->string (car a))
                                                (htll:did-you-mean (car a) (map car htll:layer-table))
                                                " (one of " (htll:string-join (map (lambda (e) (symbol->string (car e))) htll:layer-table) ", ") ")")))
                  (let* ((spec (assq (cadr entry) (htll:kind-attributes 'view)))
                         (what (string-append "layer " (symbol->string (car a))))
                         (v (begin (if (and (real? (cdr a)) (> (abs (cdr a)) 1000000))
                                       (htll:fail (string-append what ": must be at most 1000000 points, got " (htll:written (cdr a)))))
                                   (htll:check (cadr spec) (cdr a) what))))
                    (if (and (memq (car a) '(opacity shadow-opacity)) (not (and (>= v 0) (<= v 1))))
                        (htll:fail (string-append what ": must be between 0.0 and 1.0, got " (htll:written v))))
                    (if (and (memq (car a) '(corner-radius border-width shadow-radius)) (< v 0))
                        (htll:fail (string-append what ": must not be negative, got " (htll:written v))))
                    ;; Lengths past a million points mean nothing on a screen (and overflow the printers).
                    (for-each (lambda (x)
                                (if (and (real? x) (> (abs x) 1000000))
                                    (htll:fail (string-append what ": must be at most 1000000 points, got " (htll:written x)))))
                              (if (htll:resource? v) (htll:resource-args v) (list v)))
                    (cons (cadr entry) v))))
              (htll:filter (lambda (a) (not (null? a))) attrs))))
    (htll:make-modifier "layer" (lambda (kind) checked))))
