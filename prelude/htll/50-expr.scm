;;; HTLL prelude, part 5: frame expressions.
;;; An expression is a sum of terms, kept simplified as it is built: a list of (coefficient . atom),
;;; atom #f for the constant. Atoms: (bound w OWNER) / (bound h OWNER), the runtime width or height
;;; of a view (OWNER a view record) or of the parent (OWNER its Objective-C string), and (max E F).
;;; Ratios are numbers, so expressions stay linear: no products of atoms, never a division.

(define htll:epsilon 1e-12)

(define (htll:e-const c) (if (and (number? c) (= c 0)) '() (list (cons c #f))))
(define (htll:e-atom a) (list (cons 1 a)))
(define (htll:e-bound dim owner) (htll:e-atom (list 'bound dim owner)))

(define (htll:atom=? a b)
  (cond ((or (not a) (not b)) (and (not a) (not b)))
        ((and (eq? (car a) 'bound) (eq? (car b) 'bound))
         (and (eq? (cadr a) (cadr b))
              (let ((x (caddr a)) (y (caddr b)))
                (or (eq? x y) (and (string? x) (string? y) (string=? x y))))))
        ((and (eq? (car a) 'max) (eq? (car b) 'max))
         (and (htll:e=? (cadr a) (cadr b)) (htll:e=? (caddr a) (caddr b))))
        ;; (safe-area SIDE PARENT): the parent's safe-area inset (55-traits.scm).
        ((and (eq? (car a) 'safe-area) (eq? (car b) 'safe-area))
         (and (eq? (cadr a) (cadr b)) (string=? (caddr a) (caddr b))))
        (else #f)))

(define (htll:e-lookup atom e)
  (cond ((null? e) #f) ((htll:atom=? atom (cdar e)) (car e)) (else (htll:e-lookup atom (cdr e)))))

(define (htll:e=? e f)
  (and (= (length e) (length f))
       (htll:every (lambda (t) (let ((u (htll:e-lookup (cdr t) f))) (and u (= (car u) (car t))))) e)))

;; Sum, keeping the order in which atoms first appear.
(define (htll:e+ e f)
  (let loop ((f f) (acc (reverse e)))
    (if (null? f)
        (htll:filter (lambda (t) (> (abs (car t)) htll:epsilon)) (reverse acc))
        (let ((t (car f)))
          (let find ((xs acc) (before '()))
            (cond ((null? xs) (loop (cdr f) (cons t acc)))
                  ((htll:atom=? (cdar xs) (cdr t))
                   (loop (cdr f) (append (reverse before) (cons (cons (+ (caar xs) (car t)) (cdar xs)) (cdr xs)))))
                  (else (find (cdr xs) (cons (car xs) before)))))))))

(define (htll:e* e k)
  (if (and (number? k) (= k 0))
      '()
      (htll:filter (lambda (t) (> (abs (car t)) htll:epsilon)) (map (lambda (t) (cons (* (car t) k) (cdr t))) e))))

(define (htll:e- e f) (htll:e+ e (htll:e* f -1)))

(define (htll:e-sum . es) (let loop ((es es) (acc '())) (if (null? es) acc (loop (cdr es) (htll:e+ acc (car es))))))

(define (htll:e-constant? e) (htll:every (lambda (t) (not (cdr t))) e))
(define (htll:e-number e) (if (null? e) 0 (caar e)))

(define (htll:e-max e f)
  (cond ((and (htll:e-constant? e) (htll:e-constant? f)) (htll:e-const (max (htll:e-number e) (htll:e-number f))))
        ((htll:e=? e f) e)
        (else (htll:e-atom (list 'max e f)))))

;; Objective-C text. OWNER-NAME maps a view record to its variable name.
(define (htll:e->c e owner-name)
  (define (atom->c a)
    (cond
     ((eq? (car a) 'safe-area) (string-append (caddr a) ".safeAreaInsets." (symbol->string (cadr a))))
     (else
    (if (eq? (car a) 'bound)
        (let ((owner (caddr a)))
          (string-append (if (string? owner) owner (owner-name owner))
                         (if (eq? (cadr a) 'w) ".bounds.size.width" ".bounds.size.height")))
        (string-append "MAX(" (htll:e->c (cadr a) owner-name) ", " (htll:e->c (caddr a) owner-name) ")")))))
  (define (term->c t)
    (let ((c (abs (car t))))
      (cond ((not (cdr t)) (htll:number->c c))
            ((= c 1) (atom->c (cdr t)))
            (else (string-append (htll:number->c c) " * " (atom->c (cdr t)))))))
  (if (null? e)
      "0"
      (let loop ((ts (cdr e))
                 (acc (string-append (if (< (caar e) 0) "-" "") (term->c (car e)))))
        (if (null? ts)
            acc
            (loop (cdr ts) (string-append acc (if (< (caar ts) 0) " - " " + ") (term->c (car ts))))))))

;; The value of E, given the value of every bound atom.
(define (htll:e-eval e bound-value)
  (let loop ((ts e) (sum 0))
    (if (null? ts)
        sum
        (let* ((t (car ts)) (a (cdr t)))
          (loop (cdr ts)
                (+ sum (* (car t)
                          (cond ((not a) 1)
                                ((eq? (car a) 'bound) (bound-value (cadr a) (caddr a)))
                                ((eq? (car a) 'safe-area) (htll:safe-inset (cadr a)))
                                (else (max (htll:e-eval (cadr a) bound-value)
                                           (htll:e-eval (caddr a) bound-value)))))))))))
