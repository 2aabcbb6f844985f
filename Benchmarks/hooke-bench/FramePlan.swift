/// How a repetition is cut into frames: `framesPerRepetition` frames, each of which
/// applies the frame's retargets and then advances `stepsPerFrame` fused fixed steps —
/// what an application does once per display refresh.
struct FramePlan: Sendable {
    let stepsPerFrame: Int
    let framesPerRepetition: Int

    init(stepsPerRepetition: Int, stepsPerFrame: Int) {
        precondition(stepsPerRepetition % stepsPerFrame == 0, "a repetition is whole frames")
        self.stepsPerFrame = stepsPerFrame
        framesPerRepetition = stepsPerRepetition / stepsPerFrame
    }

    var stepsPerRepetition: Int { stepsPerFrame * framesPerRepetition }

    /// Runs repetition `repetition` (0 is the warm-up) of `engine`. Frames are numbered
    /// on from one repetition to the next, so every engine that runs the same
    /// repetitions sees the same retargets and ends in the same state.
    func run(_ engine: any FrameDriven, _ schedule: RetargetSchedule, repetition: Int) {
        let first = repetition * framesPerRepetition
        for frame in first..<(first + framesPerRepetition) {
            engine.retarget(schedule.frame(frame))
            engine.step(count: stepsPerFrame)
        }
    }
}
