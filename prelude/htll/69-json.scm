;;; HTLL prelude: pieces of the JSON that `htll frames`, `htll frames --constraints` and the
;;; previews read (80-driver.scm and 77-constraints-json.scm write whole documents with them).

;; The JSON fields that describe a canvas other than the plain default one.
(define (htll:canvas-json-fields)
  (string-append
   (if (htll:every zero? htll:canvas-insets) ""
       (string-append ", \"safeArea\": [" (htll:string-join (map htll:json-number htll:canvas-insets) ", ") "]"))
   (if htll:canvas-rtl ", \"rtl\": true" "")
   (if (null? htll:queried) ""
       (string-append ", \"traits\": {\"idiom\": " (htll:json-string (symbol->string (htll:trait 'idiom)))
                      ", \"orientation\": " (htll:json-string (if (htll:trait 'landscape) "landscape" "portrait"))
                      ", \"horizontalSizeClass\": " (htll:json-string (symbol->string (htll:trait 'hclass)))
                      ", \"verticalSizeClass\": " (htll:json-string (symbol->string (htll:trait 'vclass))) "}"))))

(define (htll:json-number x) (htll:number->c x))

(define (htll:resource->datum r)
  (cons (case (htll:resource-kind r)
          ((system-font) 'system-font-of-size) ((bold-system-font) 'bold-system-font-of-size)
          ((italic-system-font) 'italic-system-font-of-size) ((image) 'image-named)
          (else (htll:resource-kind r)))
        (map (lambda (a) (if (htll:resource? a) (htll:resource->datum a) a)) (htll:resource-args r))))

;; X as JSON, its texts consed onto ACC (last first): a view of `htll frames` is made by one
;; string-append of all its texts, where each list, pair and member was a string of its own
;; (about a thousand instructions a string made; 5,000 buttons' frames spent 40 K instructions
;; a view on their attributes, issue 19).
(define (htll:json-pieces x name-of acc)
  ;; (Strings, symbols and lists first, the values of most attributes: their tests are
  ;; instructions, where boolean? and real? are calls; no value is of two of these kinds.)
  (cond ((string? x) (cons (htll:json-string x) acc))
        ((symbol? x) (cons (htll:symbol-json x) acc))
        ((null? x) (cons "[]" acc))
        ;; (A list or pair of plain texts, symbols, booleans and fixnums, most attributes'
        ;; values, in one builtin's call: %htll-plain-json, TextBuiltins+JSON.swift.)
        ((and (pair? x) (%htll-plain-json x)) => (lambda (text) (cons text acc)))
        ((pair? x)
         (if (htll:proper-list? x)
             (let loop ((xs (cdr x)) (acc (htll:json-pieces (car x) name-of (cons "[" acc))))
               (if (null? xs)
                   (cons "]" acc)
                   (loop (cdr xs) (htll:json-pieces (car xs) name-of (cons ", " acc)))))
             (cons "]" (htll:json-pieces (cdr x) name-of (cons ", " (htll:json-pieces (car x) name-of (cons "[" acc)))))))
        ((boolean? x) (cons (if x "true" "false") acc))
        ((and (real? x) (exact? x) (integer? x)) (cons (number->string x) acc))
        ((real? x) (cons (htll:json-number x) acc))
        ((htll:view? x) (cons (htll:json-string (name-of x)) acc))
        ((htll:resource? x) (htll:resource-json-pieces x acc))
        (else (cons (htll:json-string (htll:written x)) acc))))

;; Resource R as the JSON string of its datum's written text ("(rgba-color 1 0 0 1)"), its texts
;; consed onto ACC. The text is put together from the datum's parts where each is written as
;; number->string or a plain string writes it (numbers, plain strings, resources of them, nearly
;; every resource); others go through write. (A string port and write for every font, colour and
;; image of a layout cost about 25 K instructions each, issue 19.)
(define (htll:resource-json-pieces r acc)
  (let* ((d (htll:resource->datum r)) (parts (htll:resource-text-parts d '())))
    (if parts
        (cons "\"" (append parts (cons "\"" acc)))
        (cons (htll:json-string (htll:written d)) acc))))

;; The JSON-escaped texts of the written datum D, last first, consed onto ACC; #f when a part is
;; not a number, a plain string (%htll-plain-text?, written and escaped as \"text\") or a list of
;; them headed by a symbol of plain text.
(define (htll:resource-text-parts d acc)
  (cond ((number? d) (and (real? d) (cons (number->string d) acc)))
        ((string? d) (and (%htll-plain-text? d) (cons "\\\"" (cons d (cons "\\\"" acc)))))
        ((and (pair? d) (symbol? (car d)))
         (let ((head (htll:plain-head (car d))))
           (and head
                (let loop ((as (cdr d)) (acc (cons head (cons "(" acc))))
                  (cond ((null? as) (cons ")" acc))
                        ((pair? as) (let ((acc (htll:resource-text-parts (car as) (cons " " acc))))
                                      (and acc (loop (cdr as) acc))))
                        (else #f))))))
        (else #f)))

;; The name of the symbol HEAD of a resource's datum when write writes it as it is (no bars, no
;; escapes: write's own answer, asked once per symbol), else #f; kept per symbol (the kinds of
;; resources are few).
(define htll:plain-heads '())
(define (htll:plain-head head)
  (let ((e (assq head htll:plain-heads)))
    (if e
        (cdr e)
        (let* ((name (symbol->string head))
               (plain (and (%htll-plain-text? name) (string=? (htll:written head) name) name)))
          (if (< (length htll:plain-heads) 64) (set! htll:plain-heads (cons (cons head plain) htll:plain-heads)))
          plain))))

;; SYMBOL as a JSON string, kept per symbol: the symbols of attribute values (self, an event, a
;; control state) repeat in every view of `htll frames`. At most 1,024 are kept: a layout's own
;; symbols (a selector per button) would fill the table with symbols asked for once.
(define htll:symbol-jsons (make-eq-hash-table))
(define htll:symbol-json-count 0)
(define (htll:symbol-json x)
  (or (hash-table-ref/default htll:symbol-jsons x #f)
      (let ((text (htll:json-string (symbol->string x))))
        (if (< htll:symbol-json-count 1024)
            (begin (hash-table-set! htll:symbol-jsons x text)
                   (set! htll:symbol-json-count (+ htll:symbol-json-count 1))))
        text)))

;; "name": value members of a JSON object from an alist whose names may repeat (a title per
;; state, several events or bindings), consed onto ACC as htll:json-pieces does, each value by
;; (VALUE-PIECES VALUE ACC): a repeated name gets one member holding an array of its values in
;; order, since JSON readers keep only one value per name.
(define (htll:json-members-pieces alist value-pieces acc)
  (define (member name values acc)
    (let ((acc (cons ": " (cons (htll:json-name name) acc))))
      (if (null? (cdr values))
          (value-pieces (car values) acc)
          (let loop ((vs (cdr values)) (acc (value-pieces (car values) (cons "[" acc))))
            (if (null? vs) (cons "]" acc) (loop (cdr vs) (value-pieces (car vs) (cons ", " acc))))))))
  (if (and (pair? alist) (null? (cdr alist)))
      ;; One attribute (most views): its member.
      (member (caar alist) (list (cdar alist)) acc)
      (let loop ((as alist) (names '()) (repeated #f))
        (cond ((pair? as)
               (let ((seen (memq (caar as) names)))
                 (loop (cdr as) (if seen names (cons (caar as) names)) (or repeated seen))))
              ;; No name repeats (most lists): one member per entry, in order.
              ((not repeated)
               (let each ((as alist) (acc acc) (first? #t))
                 (if (null? as)
                     acc
                     (each (cdr as) (member (caar as) (list (cdar as)) (if first? acc (cons ", " acc))) #f))))
              (else
               (let each ((ns (reverse names)) (acc acc) (first? #t))
                 (if (null? ns)
                     acc
                     (let ((values (map cdr (htll:filter (lambda (a) (eq? (car a) (car ns))) alist))))
                       (each (cdr ns) (member (car ns) values (if first? acc (cons ", " acc))) #f)))))))))

;; NAME (a symbol: an attribute's) as a JSON string, kept per name: every view of `htll frames`
;; prints its attributes' names, and they are few (the attribute tables'; the list stops growing
;; at 128 names, for a long session's odd ones).
(define htll:json-names '())
(define (htll:json-name name)
  (let ((e (assq name htll:json-names)))
    (if e
        (cdr e)
        (let ((text (htll:json-string (symbol->string name))))
          (if (< (length htll:json-names) 128) (set! htll:json-names (cons (cons name text) htll:json-names)))
          text))))
