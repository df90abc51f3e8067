;;; HTLL prelude: model bindings (36-modifiers.scm) in the Swift output (79-swift-shapes.scm).
;;; An NSObject next to the views' holder observes the owner's key paths with string key-value
;;; observing (the model's types are unknown here, so no typed key paths) and sets the bound
;;; properties by key-value coding, which boxes and unboxes numbers and booleans like the
;;; Objective-C output. It is a class of its own, kept with the controller (an associated object)
;;; or the view (a lazy property), so the holder keeps its shape.

;; The bindings class of a holder: ViewControllerLayoutViews => ViewControllerLayoutBindings.
(define (htll:swift-bindings-class holder)
  (let ((n (string-length holder)))
    (string-append (if (and (> n 5) (string=? (substring holder (- n 5) n) "Views")) (substring holder 0 (- n 5)) holder)
                   "Bindings")))

;; The class: the owner's key paths, start/stop, update by key path, two-way edits, and the
;; observing callback, which hops to the main actor.
(define (htll:swift-bindings holder file groups declared bare-name)
  (let ((class (htll:swift-bindings-class holder))
        (own (lambda (v) (string-append "views." (bare-name v))))
        (two-way (apply append (map (lambda (d) (map (lambda (b) (cons (car d) b))
                                                      (htll:filter htll:two-way? (htll:view-bindings (car d)))))
                                    declared))))
    (append
     (list (string-append "/// The model bindings of the layout in " (htll:comment-text file) ": observes the owner's key paths while started")
           "/// and sets the bound views' properties by key-value coding."
           "@MainActor"
           (string-append "final class " class ": NSObject {")
           "    /// The key paths of the owner that views are bound to."
           (string-append "    private static let keyPaths = ["
                          (htll:string-join (map (lambda (g) (htll:swift-string (car g))) groups) ", ") "]")
           (string-append "    private unowned let views: " holder)
           "    /// The object whose key paths the views show, while it is observed."
           "    private weak var owner: NSObject?"
           ""
           (string-append "    init(views: " holder ") {")
           "        self.views = views"
           "        super.init()"
           "    }"
           ""
           "    /// Shows the bound key paths of `owner` and observes them until stop()."
           "    func start(observing owner: NSObject) {"
           "        stop()"
           "        self.owner = owner"
           "        for keyPath in Self.keyPaths {"
           "            owner.addObserver(self, forKeyPath: keyPath, options: [.new], context: nil)"
           "            update(keyPath)"
           "        }"
           "    }"
           ""
           "    /// Stops observing the owner."
           "    func stop() {"
           "        guard let owner = owner else { return }"
           "        for keyPath in Self.keyPaths {"
           "            owner.removeObserver(self, forKeyPath: keyPath)"
           "        }"
           "        self.owner = nil"
           "    }"
           ""
           "    /// Sets the views bound to `keyPath` from the owner's value."
           "    func update(_ keyPath: String) {"
           "        guard let owner = owner else { return }"
           "        let value = owner.value(forKeyPath: keyPath)"
           "        switch keyPath {")
     (apply append
            (map (lambda (g)
                   (cons (string-append "        case " (htll:swift-string (car g)) ":")
                         (map (lambda (vb)
                                (let* ((v (own (car vb)))
                                       (set (string-append v ".setValue(value, forKey: "
                                                           (htll:swift-string (htll:binding-key (car vb) (cdr vb))) ")")))
                                  ;; A two-way field is set only when its text differs, so typing keeps the cursor.
                                  (if (htll:two-way? (cdr vb))
                                      (string-append "            if " v ".text != (value as? String) { " set " }")
                                      (string-append "            " set))))
                              (cdr g))))
                 groups))
     (list "        default:"
           "            break"
           "        }"
           "    }")
     (if (null? two-way)
         '()
         (append
          (list ""
                "    /// A two-way text field was edited: writes its text back to the key path."
                "    @objc func edited(_ sender: UITextField) {")
          (apply append
                 (map (lambda (vb)
                        (list (string-append "        if sender === " (own (car vb)) " {")
                              (string-append "            owner?.setValue(" (own (car vb)) ".text, forKeyPath: "
                                             (htll:swift-string (cadr (cdr vb))) ")")
                              "        }"))
                      two-way))
          (list "    }")))
     (list ""
           "    /// Key-value observing reports on the thread that changed the value; views change on the main one."
           "    nonisolated override func observeValue(forKeyPath keyPath: String?, of object: Any?,"
           "                                           change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {"
           "        guard let keyPath = keyPath else { return }"
           "        if Thread.isMainThread {"
           "            MainActor.assumeIsolated { self.update(keyPath) }"
           "        } else {"
           "            Task { @MainActor in self.update(keyPath) }"
           "        }"
           "    }"
           "}"))))

;; The statements that connect two-way text fields to their bindings' edited(_:).
(define (htll:swift-two-way-lines view var bindings holder)
  (if (htll:any htll:two-way? (htll:view-bindings view))
      (list (string-append var ".addTarget(" bindings ", action: #selector(" (htll:swift-bindings-class holder)
                           ".edited(_:)), for: UIControl.Event.editingChanged)"))
      '()))
