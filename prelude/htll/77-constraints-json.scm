;;; HTLL prelude: the constraints of 72-constraints.scm for hosts: as JSON text (`htll frames
;;; --constraints`, which the kiwisolver tests solve) and as values (the preview draws them with
;;; `htll preview --outline --constraints`). Both describe the layout on the canvas last set.

;; The views of ST whose first baseline is constrained: view -> #t.
(define (htll:c-on-baseline st)
  (let ((t (make-eq-hash-table)))
    (for-each (lambda (k) (if (eq? (cadr k) 'firstBaseline) (hash-table-set! t (car k) #t)))
              (htll:c-state-constraints st))
    t))

;; Where a text view's first baseline lies: (ascender . line-height), the line height #f where the
;; text starts at the top (a label); a button's title and a text field's text are centred in its
;; height, so the baseline is (height - line-height) / 2 + ascender below its top.
(define (htll:c-baseline-depth v)
  (cons (htll:view-ascender v) (and (htll:centred-text? v) (htll:view-line-height v))))

(define (htll-constraints-json width height)
  (let* ((c (htll:context "frames")) (root (car c)) (name-of (cadddr c))
         (st (htll:constraints root))
         (on-baseline (htll:c-on-baseline st)))
    (define (view-json v)
      (let* ((kind (htll:view-kind v))
             (p (hash-table-ref/default (htll:c-state-views st) v #f))
             (ix (htll:c-intrinsic? kind 'x)) (iy (htll:c-intrinsic? kind 'y))
             (size (and (or ix iy) (htll:measure v))))
        (string-append
         "    {\"name\": " (htll:json-string (name-of v))
         ", \"kind\": " (htll:json-string (symbol->string kind))
         ", \"class\": " (htll:json-string (htll:kind-class kind))
         (if size
             (string-append
              ",\n     \"intrinsic\": {\"width\": " (if ix (htll:json-number (car size)) "-1")
              ", \"height\": " (if iy (htll:json-number (cdr size)) "-1") "}"
              ", \"hugging\": {\"horizontal\": " (number->string (vector-ref p 0)) ", \"vertical\": " (number->string (vector-ref p 1)) "}"
              ", \"compression\": {\"horizontal\": " (number->string (vector-ref p 2)) ", \"vertical\": " (number->string (vector-ref p 3)) "}")
             "")
         (if (hash-table-ref/default on-baseline v #f)
             (let ((depth (htll:c-baseline-depth v)))
               (string-append ", \"ascender\": " (htll:json-number (car depth))
                              (if (cdr depth) (string-append ", \"lineHeight\": " (htll:json-number (cdr depth))) "")))
             "")
         "}")))
    (define (constraint-json k)
      (let ((loc (htll:location->string (list-ref k 8))) (item2 (list-ref k 4)))
        (string-append
         "    {\"first\": " (htll:json-string (string-append (htll:c-item-name (car k) name-of) "." (symbol->string (cadr k))))
         ", \"relation\": " (htll:json-string (symbol->string (caddr k)))
         ", \"multiplier\": " (htll:json-number (list-ref k 3))
         ", \"second\": " (if item2 (htll:json-string (string-append (htll:c-item-name item2 name-of) "." (symbol->string (list-ref k 5)))) "null")
         ", \"constant\": " (htll:json-number (list-ref k 6))
         ", \"priority\": " (number->string (list-ref k 7))
         ",\n     \"text\": " (htll:json-string (htll:c-text k name-of))
         ", \"location\": " (if loc (htll:json-string loc) "null") "}")))
    (string-append
     "{\"parent\": " (htll:json-string (htll:root-parent root))
     ", \"width\": " (htll:json-number width) ", \"height\": " (htll:json-number height) (htll:canvas-json-fields)
     (if (htll:safe-area-root? root) ", \"safeAreaRoot\": true" "")
     ;; A cell (in-cell): its content view's height is not fixed; Auto Layout sizes it (a table
     ;; view's automatic dimension) to the least height the content allows.
     (if (htll:root-cell root) ", \"selfSizing\": true" "") ",\n"
     " \"views\": [\n" (htll:string-join (map view-json (htll:c-state-placed st)) ",\n") "\n ],\n"
     " \"guides\": [" (htll:string-join (map (lambda (g) (htll:json-string (htll:c-item-name g name-of))) (reverse (htll:c-state-guides st))) ", ") "],\n"
     " \"constraints\": [\n" (htll:string-join (map constraint-json (reverse (htll:c-state-constraints st))) ",\n") "\n ]}\n")))

;; The constraints as values, for the preview: (PARENT BASELINES CONSTRAINTS) where BASELINES is
;; ((name ascender line-height) ...) for the views whose first baseline is constrained and
;; CONSTRAINTS ((item attribute relation constant item2 attribute2) ...), items named as the JSON
;; names them, item2 and attribute2 #f for a constant.
(define (htll-constraint-values width height)
  (let* ((c (htll:context "frames")) (root (car c)) (name-of (cadddr c))
         (st (htll:constraints root))
         (on-baseline (htll:c-on-baseline st)))
    (list (htll:root-parent root)
          (map (lambda (v) (let ((depth (htll:c-baseline-depth v))) (list (name-of v) (car depth) (cdr depth))))
               (htll:filter (lambda (v) (hash-table-ref/default on-baseline v #f)) (htll:c-state-placed st)))
          (map (lambda (k)
                 (let ((item2 (list-ref k 4)))
                   (list (htll:c-item-name (car k) name-of) (cadr k) (caddr k) (list-ref k 6)
                         (and item2 (htll:c-item-name item2 name-of)) (and item2 (list-ref k 5)))))
               (reverse (htll:c-state-constraints st))))))
