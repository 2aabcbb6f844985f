// `import Hooke` is the whole engine without BLAS: the modules below, re-exported, so that
// an embedder needs one import. Each can also be imported alone (Docs/architecture.md):
// a spring animation needs only HookeCore; the many-item engine, HookeBatch.
@_exported import HookeBatch
@_exported import HookeCollision
@_exported import HookeCore
@_exported import HookeScenario
@_exported import HookeTuning
@_exported import HookeWorld
