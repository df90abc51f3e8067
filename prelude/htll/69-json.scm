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

(define (htll:value->json x name-of)
  ;; (Strings, symbols and lists first, the values of most attributes: their tests are
  ;; instructions, where boolean? and real? are calls; no value is of two of these kinds.)
  (cond ((string? x) (htll:json-string x))
        ((symbol? x) (htll:json-string (symbol->string x)))
        ((null? x) "[]")
        ((pair? x)
         (if (htll:proper-list? x)
             ;; The elements' texts joined in one string-append, without a map and its closure.
             (let loop ((xs (cdr x)) (acc (list (htll:value->json (car x) name-of) "[")))
               (if (null? xs)
                   (apply string-append (reverse (cons "]" acc)))
                   (loop (cdr xs) (cons (htll:value->json (car xs) name-of) (cons ", " acc)))))
             (string-append "[" (htll:value->json (car x) name-of) ", " (htll:value->json (cdr x) name-of) "]")))
        ((boolean? x) (if x "true" "false"))
        ((and (real? x) (exact? x) (integer? x)) (number->string x))
        ((real? x) (htll:json-number x))
        ((htll:view? x) (htll:json-string (name-of x)))
        ((htll:resource? x) (htll:json-string (htll:written (htll:resource->datum x))))
        (else (htll:json-string (htll:written x)))))

;; "name": value members of a JSON object from an alist whose names may repeat (a title per
;; state, several events or bindings): a repeated name gets one member holding an array of its
;; values in order, since JSON readers keep only one value per name.
(define (htll:json-members alist value->json)
  (define (member name text) (string-append (htll:json-name name) ": " text))
  (if (and (pair? alist) (null? (cdr alist)))
      ;; One attribute (most views): its member.
      (member (caar alist) (value->json (cdar alist)))
      (htll:json-members-of alist value->json member)))

(define (htll:json-members-of alist value->json member)
  (let loop ((as alist) (names '()) (repeated #f))
    (cond ((pair? as)
           (let ((seen (memq (caar as) names)))
             (loop (cdr as) (if seen names (cons (caar as) names)) (or repeated seen))))
          ;; No name repeats (most lists): one member per entry, in order, without a filter per name.
          ((not repeated)
           (htll:string-join (map (lambda (a) (member (car a) (value->json (cdr a)))) alist) ", "))
          (else
           (htll:string-join
            (map (lambda (name)
                   (let ((values (map cdr (htll:filter (lambda (a) (eq? (car a) name)) alist))))
                     (member name
                             (if (null? (cdr values))
                                 (value->json (car values))
                                 (string-append "[" (htll:string-join (map value->json values) ", ") "]")))))
                 (reverse names))
            ", ")))))

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
