/// The VM's instruction set. Code is a sequence of `Int32` words: an opcode, then its operands.
///
/// Each case documents `operands ; stack effect`. Operand counts are derived from this enum
/// (`operandCount`), and names from the case names, so nothing here is kept in a parallel table.
enum Opcode: Int32, CaseIterable, Sendable {
    /// k ; ( -- constants[k] )
    case const
    /// n ; ( -- n ) a fixnum that fits in an operand
    case fixnum
    /// ; ( -- '() )
    case null
    /// ; ( -- #t )
    case `true`
    /// ; ( -- #f )
    case `false`
    /// ; ( -- unspecified )
    case unspecified
    /// i ; ( -- local[i] )
    case local
    /// i ; ( v -- ) local[i] = v
    case setLocal
    /// i ; ( -- box(local[i]).value )
    case localBox
    /// i ; ( v -- ) box(local[i]).value = v
    case setLocalBox
    /// i ; ( -- ) local[i] = box(local[i]): the variable is captured and assigned
    case boxLocal
    /// i ; ( -- captured[i] )
    case captured
    /// i ; ( -- box(captured[i]).value )
    case capturedBox
    /// i ; ( v -- ) box(captured[i]).value = v
    case setCapturedBox
    /// k ; ( -- value of global constants[k] ) error if unbound
    case global
    /// k ; ( v -- ) assign global constants[k]; error if unbound
    case setGlobal
    /// k ; ( v -- ) define global constants[k]
    case defineGlobal
    /// ; ( v -- )
    case pop
    /// offset ; ( -- ) pc += offset (forward only)
    case jump
    /// offset first count ; ( -- ) a loop's back edge: locals first..<first+count (the variables of
    /// the loop body, dead here) become undefined, then pc += offset; a safe point
    case jumpBack
    /// offset ; ( v -- ) pc += offset if v is #f
    case jumpIfFalse
    /// k n ; ( c1 … cn -- closure ) code block constants[k] capturing c1 … cn
    case closure
    /// n ; ( f a1 … an -- result ) call f, then continue here
    case call
    /// n ; ( f a1 … an -- ) call f in place of the current frame
    case tailCall
    /// ; ( v -- ) return v to the caller
    case `return`
    /// ; ( v -- ) end the current run with result v (only in the VM's sentinel code)
    case halt
    /// ; ( a b -- a+b )
    case add
    /// ; ( a b -- a-b )
    case sub
    /// ; ( a b -- a*b )
    case mul
    /// ; ( a b -- a=b )
    case numEq
    /// ; ( a b -- a<b )
    case lt
    /// ; ( a b -- a>b )
    case gt
    /// ; ( a b -- a<=b )
    case le
    /// ; ( a b -- a>=b )
    case ge
    /// ; ( p -- car p )
    case car
    /// ; ( p -- cdr p )
    case cdr
    /// ; ( p -- car (car p) )
    case caar
    /// ; ( p -- car (cdr p) )
    case cadr
    /// ; ( p -- cdr (car p) )
    case cdar
    /// ; ( p -- cdr (cdr p) )
    case cddr
    /// ; ( p -- car (cdr (cdr p)) )
    case caddr
    /// ; ( p -- cdr (cdr (cdr p)) )
    case cdddr
    /// ; ( p -- car (cdr (cdr (cdr p))) )
    case cadddr
    /// ; ( a b -- (a . b) )
    case cons
    /// ; ( v -- null? v )
    case isNull
    /// ; ( v -- pair? v )
    case isPair
    /// ; ( v -- symbol? v )
    case isSymbol
    /// ; ( v -- string? v )
    case isString
    /// ; ( v -- procedure? v )
    case isProcedure
    /// ; ( a b -- eq? a b )
    case isEq
    /// ; ( v -- not v )
    case not
    /// ; ( v -- zero? v )
    case isZero
    /// ; ( v i -- vector-ref v i )
    case vectorRef
    /// ; ( v i x -- unspecified ) vector-set!
    case vectorSet
    /// ; ( a b -- quotient a b )
    case quotient
    /// ; ( a b -- remainder a b )
    case remainder
    /// ; ( a b -- modulo a b )
    case modulo
    /// ; ( bv i -- bytevector-u8-ref bv i )
    case bytevectorRef
    /// ; ( bv i byte -- unspecified ) bytevector-u8-set!
    case bytevectorSet
    /// ; ( x alist -- assq x alist )
    case assq
    /// ; ( x list -- memq x list )
    case memq
    /// ; ( table key default -- hash-table-ref/default table key default )
    case hashTableRef

    // Superinstructions: the compiler's common shapes in one dispatch (`VM+Fused`). Each runs the
    // builtin of its `fusedBase` for any operand but the plain case, as that opcode does.
    /// a b offset ; ( -- ) pc += offset unless (= local[a] local[b])
    case ifNumEqLocals
    /// a n offset ; ( -- ) pc += offset unless (= local[a] n), n a fixnum
    case ifNumEqLocalFixnum
    /// a b offset ; ( -- ) pc += offset unless (< local[a] local[b])
    case ifLtLocals
    /// a n offset ; ( -- ) pc += offset unless (< local[a] n), n a fixnum
    case ifLtLocalFixnum
    /// a b offset ; ( -- ) pc += offset unless (> local[a] local[b])
    case ifGtLocals
    /// a n offset ; ( -- ) pc += offset unless (> local[a] n), n a fixnum
    case ifGtLocalFixnum
    /// a b offset ; ( -- ) pc += offset unless (<= local[a] local[b])
    case ifLeLocals
    /// a n offset ; ( -- ) pc += offset unless (<= local[a] n), n a fixnum
    case ifLeLocalFixnum
    /// a b offset ; ( -- ) pc += offset unless (>= local[a] local[b])
    case ifGeLocals
    /// a n offset ; ( -- ) pc += offset unless (>= local[a] n), n a fixnum
    case ifGeLocalFixnum
    /// a offset ; ( -- ) pc += offset unless (null? local[a])
    case ifNullLocal
    /// a offset ; ( -- ) pc += offset unless (pair? local[a])
    case ifPairLocal
    /// a n ; ( -- (+ local[a] n) ) n a fixnum
    case addLocalFixnum
    /// a n ; ( -- (- local[a] n) ) n a fixnum
    case subLocalFixnum
    /// a offset ; ( -- ) pc += offset if local[a] is #f
    case ifLocal
    /// offset ; ( x y -- ) pc += offset unless (eq? x y)
    case ifEq
    /// a b ; ( x y -- ) local[a] = y, then local[b] = x: two bindings made at once
    case setLocal2
    /// a ; ( -- (car local[a]) )
    case localCar
    /// a ; ( -- (cdr local[a]) )
    case localCdr
    /// k a ; ( -- (g local[a]) ) call global k's procedure g on local a (`global k`, `local a`, `call 1`)
    case callGlobalLocal
    /// k a ; ( -- ) the same call in tail position (`global k`, `local a`, `tailCall 1`)
    case tailCallGlobalLocal
    /// a ; ( -- ) return local[a] to the caller
    case returnLocal
    /// k offset ; ( x -- ) pc += offset unless (eq? x constants[k])
    case ifEqConst
    /// n ; ( v -- (vector-ref v n) ) n a fixnum
    case vectorRefFixnum
    /// a b ; ( -- local[a] local[b] )
    case local2
    /// a k offset ; ( -- ) pc += offset unless (eq? local[a] constants[k])
    case ifEqLocalConst
    /// a n ; ( -- (vector-ref local[a] n) ) n a fixnum
    case localVectorRefFixnum
    /// a offset ; ( v -- ) local[a] = v, then pc += offset if v is #f: `(let ((a v)) (if a …))`
    case setLocalTest
    /// offset ; ( v -- ) pc += offset unless (null? v)
    case ifNull
    /// offset ; ( v -- ) pc += offset unless (pair? v)
    case ifPair
    /// offset ; ( v -- ) pc += offset unless (symbol? v)
    case ifSymbol

    /// How many opcodes there are: raw values run 0..<count, so the last case's raw value + 1
    /// (a constant the loop's range check folds; a test checks it against `allCases`).
    @inline(__always) static var count: Int32 { Opcode.ifSymbol.rawValue + 1 }

    /// How many operand words follow the opcode (every case listed: a new opcode must say).
    public var operandCount: Int {
        switch self {
        case .null, .true, .false, .unspecified, .pop, .return, .halt,
             .add, .sub, .mul, .numEq, .lt, .gt, .le, .ge,
             .car, .cdr, .caar, .cadr, .cdar, .cddr, .caddr, .cdddr, .cadddr, .cons, .isNull, .isPair, .isSymbol, .isString, .isProcedure, .isEq, .not, .isZero, .vectorRef, .vectorSet,
             .quotient, .remainder, .modulo, .bytevectorRef, .bytevectorSet, .assq, .memq, .hashTableRef:
            return 0
        case .const, .fixnum, .local, .setLocal, .localBox, .setLocalBox, .boxLocal, .captured,
             .capturedBox, .setCapturedBox, .global, .setGlobal, .defineGlobal, .jump, .jumpIfFalse,
             .call, .tailCall, .returnLocal, .ifEq, .localCar, .localCdr, .vectorRefFixnum, .ifNull, .ifPair, .ifSymbol:
            return 1
        case .closure, .ifNullLocal, .ifPairLocal, .ifLocal, .addLocalFixnum, .subLocalFixnum, .setLocal2,
             .callGlobalLocal, .tailCallGlobalLocal, .ifEqConst, .local2, .localVectorRefFixnum, .setLocalTest:
            return 2
        case .jumpBack, .ifNumEqLocals, .ifNumEqLocalFixnum, .ifLtLocals, .ifLtLocalFixnum, .ifGtLocals,
             .ifGtLocalFixnum, .ifLeLocals, .ifLeLocalFixnum, .ifGeLocals, .ifGeLocalFixnum, .ifEqLocalConst:
            return 3
        }
    }

    /// The Scheme procedure an inlined opcode stands for, and its argument count. The opcode runs
    /// that builtin whenever its operands are not the plain case it handles itself (`VM+Inline`).
    public var inlinedBuiltin: (name: String, arity: Int)? {
        switch self {
        case .add: return ("+", 2)
        case .sub: return ("-", 2)
        case .mul: return ("*", 2)
        case .numEq: return ("=", 2)
        case .lt: return ("<", 2)
        case .gt: return (">", 2)
        case .le: return ("<=", 2)
        case .ge: return (">=", 2)
        case .car: return ("car", 1)
        case .cdr: return ("cdr", 1)
        case .caar: return ("caar", 1)
        case .cadr: return ("cadr", 1)
        case .cdar: return ("cdar", 1)
        case .cddr: return ("cddr", 1)
        case .caddr: return ("caddr", 1)
        case .cdddr: return ("cdddr", 1)
        case .cadddr: return ("cadddr", 1)
        case .cons: return ("cons", 2)
        case .isNull: return ("null?", 1)
        case .isPair: return ("pair?", 1)
        case .isSymbol: return ("symbol?", 1)
        case .isString: return ("string?", 1)
        case .isProcedure: return ("procedure?", 1)
        case .isEq: return ("eq?", 2)
        case .not: return ("not", 1)
        case .isZero: return ("zero?", 1)
        case .vectorRef: return ("vector-ref", 2)
        case .vectorSet: return ("vector-set!", 3)
        case .quotient: return ("quotient", 2)
        case .remainder: return ("remainder", 2)
        case .modulo: return ("modulo", 2)
        case .bytevectorRef: return ("bytevector-u8-ref", 2)
        case .bytevectorSet: return ("bytevector-u8-set!", 3)
        case .assq: return ("assq", 2)
        case .memq: return ("memq", 2)
        case .hashTableRef: return ("hash-table-ref/default", 3)
        case .const, .fixnum, .null, .true, .false, .unspecified, .local, .setLocal, .localBox, .setLocalBox,
             .boxLocal, .captured, .capturedBox, .setCapturedBox, .global, .setGlobal, .defineGlobal, .pop,
             .jump, .jumpBack, .jumpIfFalse, .closure, .call, .tailCall, .return, .halt:
            return nil
        case .ifNumEqLocals, .ifNumEqLocalFixnum, .ifLtLocals, .ifLtLocalFixnum, .ifGtLocals, .ifGtLocalFixnum,
             .ifLeLocals, .ifLeLocalFixnum, .ifGeLocals, .ifGeLocalFixnum, .ifNullLocal, .ifPairLocal,
             .ifLocal, .ifEq, .localCar, .localCdr, .addLocalFixnum, .subLocalFixnum, .returnLocal, .setLocal2,
             .callGlobalLocal, .tailCallGlobalLocal, .ifEqConst, .vectorRefFixnum, .local2, .ifEqLocalConst,
             .localVectorRefFixnum, .setLocalTest, .ifNull, .ifPair, .ifSymbol:
            // Superinstructions are not calls the expander turns into opcodes: see `fusedBase`.
            return nil
        }
    }

    /// A superinstruction's inlined opcode: the primitive it applies (and whose builtin it runs for
    /// operands other than the plain case). Nil for every other opcode.
    public var fusedBase: Opcode? {
        switch self {
        case .ifNumEqLocals, .ifNumEqLocalFixnum: return .numEq
        case .ifLtLocals, .ifLtLocalFixnum: return .lt
        case .ifGtLocals, .ifGtLocalFixnum: return .gt
        case .ifLeLocals, .ifLeLocalFixnum: return .le
        case .ifGeLocals, .ifGeLocalFixnum: return .ge
        case .ifNullLocal: return .isNull
        case .ifPairLocal: return .isPair
        case .ifEq, .ifEqConst, .ifEqLocalConst: return .isEq
        case .vectorRefFixnum, .localVectorRefFixnum: return .vectorRef
        case .ifNull: return .isNull
        case .ifPair: return .isPair
        case .ifSymbol: return .isSymbol
        case .localCar: return .car
        case .localCdr: return .cdr
        case .addLocalFixnum: return .add
        case .subLocalFixnum: return .sub
        case .const, .fixnum, .null, .true, .false, .unspecified, .local, .setLocal, .localBox, .setLocalBox,
             .boxLocal, .captured, .capturedBox, .setCapturedBox, .global, .setGlobal, .defineGlobal, .pop,
             .jump, .jumpBack, .jumpIfFalse, .closure, .call, .tailCall, .return, .halt, .returnLocal,
             .add, .sub, .mul, .numEq, .lt, .gt, .le, .ge, .car, .cdr, .caar, .cadr, .cdar, .cddr, .caddr, .cdddr, .cadddr, .cons, .isNull, .isPair, .isSymbol, .isString, .isProcedure, .isEq,
             .not, .isZero, .vectorRef, .vectorSet, .quotient, .remainder, .modulo, .bytevectorRef,
             .bytevectorSet, .assq, .memq, .hashTableRef:
            return nil
        case .ifLocal, .setLocal2, .local2, .setLocalTest:
            // Plain tests of a value's truth, two stores, two loads: no primitive, nothing that can fail.
            return nil
        case .callGlobalLocal, .tailCallGlobalLocal:
            // A call of whatever the variable holds, as `call` makes it: no primitive of its own.
            return nil
        }
    }

    /// The comparison superinstruction for `(if (base local x) …)`, x a local (`fixnum` false) or
    /// a fixnum constant (`fixnum` true); nil if `base` is not a comparison.
    static func fusedComparison(_ base: Opcode, fixnum: Bool) -> Opcode? {
        let fused: [(base: Opcode, locals: Opcode, fixnum: Opcode)] = [
            (.numEq, .ifNumEqLocals, .ifNumEqLocalFixnum), (.lt, .ifLtLocals, .ifLtLocalFixnum),
            (.gt, .ifGtLocals, .ifGtLocalFixnum), (.le, .ifLeLocals, .ifLeLocalFixnum), (.ge, .ifGeLocals, .ifGeLocalFixnum),
        ]
        guard let f = fused.first(where: { $0.base == base }) else { return nil }
        return fixnum ? f.fixnum : f.locals
    }

    /// The operand (0-based) of a forward jump's offset, counted from the word after it: nil if
    /// the opcode does not jump forward.
    public var forwardJumpOperand: Int? {
        switch self {
        case .jump, .jumpIfFalse, .ifEq, .ifNull, .ifPair, .ifSymbol: return 0
        case .ifNullLocal, .ifPairLocal, .ifLocal, .ifEqConst, .setLocalTest: return 1
        case .ifNumEqLocals, .ifNumEqLocalFixnum, .ifLtLocals, .ifLtLocalFixnum, .ifGtLocals, .ifGtLocalFixnum,
             .ifLeLocals, .ifLeLocalFixnum, .ifGeLocals, .ifGeLocalFixnum, .ifEqLocalConst:
            return 2
        case .const, .fixnum, .null, .true, .false, .unspecified, .local, .setLocal, .localBox, .setLocalBox,
             .boxLocal, .captured, .capturedBox, .setCapturedBox, .global, .setGlobal, .defineGlobal, .pop,
             .jumpBack, .closure, .call, .tailCall, .return, .halt, .returnLocal, .addLocalFixnum, .subLocalFixnum,
             .localCar, .localCdr, .setLocal2, .callGlobalLocal, .tailCallGlobalLocal, .vectorRefFixnum, .local2, .localVectorRefFixnum, .add, .sub, .mul, .numEq, .lt, .gt, .le, .ge, .car, .cdr, .caar, .cadr, .cdar, .cddr, .caddr, .cdddr, .cadddr, .cons, .isNull, .isPair, .isSymbol, .isString, .isProcedure, .isEq,
             .not, .isZero, .vectorRef, .vectorSet, .quotient, .remainder, .modulo, .bytevectorRef,
             .bytevectorSet, .assq, .memq, .hashTableRef:
            return nil
        }
    }

    /// The name the disassembler prints.
    public var name: String { String(describing: self) }
}
