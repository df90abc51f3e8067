;;; HTLL prelude: small portable helpers (R7RS-small only, no SRFIs).
;;; Every name here starts with htll: so user layouts cannot clash with it.

(define (htll:filter keep? xs)
  (let loop ((xs xs) (acc '()))
    (cond ((null? xs) (reverse acc))
          ((keep? (car xs)) (loop (cdr xs) (cons (car xs) acc)))
          (else (loop (cdr xs) acc)))))

(define (htll:any pred xs)
  (cond ((null? xs) #f) ((pred (car xs)) => (lambda (r) r)) (else (htll:any pred (cdr xs)))))

(define (htll:every pred xs)
  (or (null? xs) (and (pred (car xs)) (htll:every pred (cdr xs)))))

;; A table (made by MAKE-TABLE: make-eq-hash-table, make-equal-hash-table) holding #t for each
;; of ITEMS: membership of a long list asked many times.
(define (htll:set-of items make-table)
  (let ((set (make-table)))
    (for-each (lambda (x) (hash-table-set! set x #t)) items)
    set))

;; A table (made by MAKE-TABLE) of the alist ENTRIES: each key to its first entry (key . value),
;; as assq or assoc finds it.
(define (htll:first-entries entries make-table)
  (let ((table (make-table)))
    (for-each (lambda (e) (if (not (hash-table-ref/default table (car e) #f)) (hash-table-set! table (car e) e))) entries)
    table))

;; A table (made by MAKE-TABLE) of (VALUE-OF item) for each of ITEMS under (KEY-OF item), the
;; values of a key in the items' order.
(define (htll:grouped items key-of value-of make-table)
  (let ((table (make-table)))
    (for-each (lambda (x) (hash-table-set! table (key-of x) (cons (value-of x) (hash-table-ref/default table (key-of x) '()))))
              items)
    (for-each (lambda (k) (hash-table-set! table k (reverse (hash-table-ref/default table k '())))) (hash-table-keys table))
    table))

(define (htll:index-of x xs same?)
  (let loop ((xs xs) (i 0))
    (cond ((null? xs) #f) ((same? x (car xs)) i) (else (loop (cdr xs) (+ i 1))))))

;; A proper list of at most 100,000 elements. (list? is a builtin, and it tells a cycle from a
;; list: every attribute list of every view is checked here.)
(define (htll:proper-list? x)
  ;; (Up to eight pairs walked in place, the first three without the loop's count: most lists
  ;; asked about are short (an action's, its events, a colour's arguments), and the calls of
  ;; list? and length cost more. A longer list is theirs.)
  (cond ((null? x) #t)
        ((not (pair? x)) #f)
        ((null? (cdr x)) #t)
        ((not (pair? (cdr x))) #f)
        ((null? (cddr x)) #t)
        ((not (pair? (cddr x))) #f)
        (else
         (let loop ((y (cdddr x)) (n 5))
           (cond ((null? y) #t)
                 ((not (pair? y)) #f)
                 ((eq? n 0) (and (list? x) (<= (length x) 100000)))
                 (else (loop (cdr y) (- n 1))))))))

;; LINES each indented by N spaces (empty lines stay empty): generated code's nesting.
;; LINES with N spaces before each non-empty one (the host's %htll-indented-lines, TextBuiltins.swift:
;; a call, a comparison and a string-append per line here cost ten times as much, issue 19).
(define (htll:indent n lines) (%htll-indented-lines n lines))

;; Whether the string PART occurs in S.
(define (htll:string-contains? s part)
  (let ((n (string-length s)) (k (string-length part)))
    (let loop ((i 0))
      (cond ((> (+ i k) n) #f)
            ((string=? (substring s i (+ i k)) part) #t)
            (else (loop (+ i 1)))))))

(define (htll:string-join strings sep)
  (if (null? strings)
      ""
      (let loop ((rest (cdr strings)) (acc (list (car strings))))
        (if (null? rest)
            (apply string-append (reverse acc))
            (loop (cdr rest) (cons (car rest) (cons sep acc)))))))

(define (htll:->string x)
  (cond ((string? x) x)
        ((symbol? x) (symbol->string x))
        ((number? x) (number->string x))
        (else (let ((p (open-output-string))) (write x p) (get-output-string p)))))

(define (htll:written x)
  (let ((p (open-output-string))) (write x p) (get-output-string p)))

;; kebab-case -> camelCase, so a Scheme variable such as speed-label becomes a legal
;; Objective-C identifier (speedLabel). Other characters (any but ASCII letters, digits and _)
;; become _; the result is a C identifier (htll:c-identifier?, 12-names.scm). The host's
;; %htll-identifier (TextBuiltins+Names.swift, which says the rules in full): character by
;; character here, it was a tenth of `--swift` for a layout of buttons.
(define (htll:identifier name) (%htll-identifier name))

;; "a WORD" or "an WORD".
(define (htll:a-or-an word)
  (string-append (if (and (> (string-length word) 0) (memv (string-ref word 0) '(#\a #\e #\i #\o #\u))) "an " "a ") word))

;; Levenshtein distance, for "did you mean" suggestions.
(define (htll:edit-distance a b)
  (let* ((a (string->list a)) (b (list->vector (string->list b)))
         (n (vector-length b))
         (row (make-vector (+ n 1) 0)))
    (do ((j 0 (+ j 1))) ((> j n)) (vector-set! row j j))
    (let loop ((a a) (i 1))
      (if (null? a)
          (vector-ref row n)
          (let ((prev (vector-ref row 0)))
            (vector-set! row 0 i)
            (do ((j 1 (+ j 1))) ((> j n))
              (let ((old (vector-ref row j))
                    (cost (if (char=? (car a) (vector-ref b (- j 1))) 0 1)))
                (vector-set! row j (min (+ old 1) (+ (vector-ref row (- j 1)) 1) (+ prev cost)))
                (set! prev old)))
            (loop (cdr a) (+ i 1)))))))

;; The closest candidate (a list of symbols) to WORD, or #f if none is close enough.
(define (htll:closest word candidates)
  (let ((w (htll:->string word)))
    (let loop ((cs candidates) (best #f) (best-d 1000))
      (if (null? cs)
          (and best (<= best-d (max 2 (quotient (string-length w) 3))) best)
          (let ((d (htll:edit-distance w (htll:->string (car cs)))))
            (if (< d best-d) (loop (cdr cs) (car cs) d) (loop (cdr cs) best best-d)))))))

(define (htll:did-you-mean word candidates)
  (let ((c (htll:closest word candidates)))
    (if c (string-append "; did you mean " (htll:->string c) "?") "")))

;;; Numbers as C literals: never a ratio (C would divide integers), at most ten decimals,
;;; no float noise such as 0.8330000000000001. Layouts give numbers within bounds (20-values.scm);
;;; this is the last check that no literal is infinite or has hundreds of digits.
(define (htll:number->c x)
  ;; A fixnum or a finite flonum under 1e15 (nearly every number) the host prints
  ;; (TextBuiltins.swift); so it does an exact ratio, as the flonum htll:other-number->c prints
  ;; for it (a grid's cells are ratios of its area: their checks there, with ratio arithmetic,
  ;; were a tenth of a large grid's time); the rest is below.
  (or (%htll-number-text x)
      (and (number? x) (exact? x) (real? x) (not (integer? x)) (%htll-number-text (inexact x)))
      (htll:other-number->c x)))

(define (htll:other-number->c x)
  (cond ((not (real? x)) (error "htll: not a real number" x))
        ((and (exact? x) (integer? x) (< (abs x) 1000000000000000)) (number->string x))
        ((or (nan? x) (infinite? x)) (error "htll: not a finite number" x))
        ((or (> (abs x) 1e300) (infinite? (inexact x))) (error "htll: a number too large for generated code"))
        ;; Past 1e15 ten decimals mean nothing and scaling by 1e10 would overflow to +inf.0 (then
        ;; `exact` fails): the shortest flonum text ("1e300") is a valid C, Swift and JSON literal.
        ((>= (abs x) 1e15) (number->string (inexact x)))
        ((hash-table-ref/default htll:number-texts x #f) => (lambda (text) text))
        (else
         (let ((text (htll:fraction->c x)))
           ;; (A long session prints many layouts: the table is emptied now and then.)
           (if (> (hash-table-count htll:number-texts) 4096) (hash-table-clear! htll:number-texts))
           (hash-table-set! htll:number-texts x text)
           text))))

;; The texts of the fractional numbers printed so far: every frame of a layout repeats the same
;; few ratios and spacings, and printing one took about 10 microseconds.
(define htll:number-texts (make-eqv-hash-table))

;; X (real, finite, of magnitude under 1e15, not an exact integer) with at most ten decimals:
;; rounded (half to even) to ten decimals, trailing zeros dropped, "-" unless it rounds to 0. The
;; host's %htll-fraction-text does it (TextBuiltins.swift): about 50 K instructions a number here.
(define (htll:fraction->c x) (%htll-fraction-text (inexact x)))

;; A check's description for its messages (htll:check, htll:check-key-path): a string, or a list
;; (PROCEDURE ARGUMENT ...) of a call that makes it, made only when a message needs it. (A few
;; pairs where a closure was an object made and freed for every attribute checked, issue 19.)
(define (htll:what what) (if (pair? what) (apply (car what) (cdr what)) what))
