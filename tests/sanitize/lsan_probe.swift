// A program without leaks: a global array of indirect-enum trees, alive until exit. LeakSanitizer
// reports every enum box as a "direct leak" anyway: Swift keeps the case in the spare bits of the
// box pointer, so LSan's scan does not recognise it as a pointer. With "class" it reports none.
// The server's animator steps (TransitionCore.Step) are such an enum: see docs/reliability.md.
indirect enum Step { case a(String, [Step]); case b(Double); case c(Step) }
let root: [Step] = (0..<10).map { .a("s\($0)", [.b(Double($0)), .c(.b(1))]) }
print(root.count)
