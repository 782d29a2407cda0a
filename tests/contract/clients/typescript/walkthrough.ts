// The README walkthrough through the typescript-fetch client generated from openapi.yaml
// (tests/contract/test_generated_typescript.py generates it next to this file, compiles both with
// tsc and runs the result with node against the real binary). Every value is read through the
// typed API and printed as one JSON report, which the test compares with the same walkthrough done
// over raw HTTP (tests/contract/walkthrough.py).
import {
    Configuration, ResponseError, SessionsApi, SnapshotsApi,
    Action, ActionRequest, ActionRequestToJSON, AnimatorChoice, CompleteTransitionEvent, Corner, EventType, FlatView,
    GesturePhase, NavigationControllerSpec, Recognizer, RectSpec, ScenarioAction, ScenarioClock, ScreenSize,
    SnapshotBatch, SnapshotSeries, VectorOfActions, ViewControllerSpec, instanceOfChangeBatch, instanceOfScenarioClock,
} from './index';

// Node's own globals; @types/node is not needed for two names.
declare const process: { argv: string[]; exitCode: number };

const frame = (x: number, y: number, width: number, height: number): RectSpec => ({ x, y, width, height });
const zoom = (sourceView: string, targetView: string): AnimatorChoice => ({ name: 'zoom', sourceView, targetView });
const gesture = (phase: GesturePhase, at: number, x: number, velocity?: { x: number; y: number }): Action =>
    ({ type: 'gesture', recognizer: Recognizer.EdgePan, phase, at, translation: { x, y: 0 }, velocity });
const rect = (r: { x: number; y: number; width: number; height: number }) => [r.x, r.y, r.width, r.height];

function series(batch: SnapshotBatch): SnapshotSeries {
    // A SnapshotBatch is a SnapshotSeries or (with changes=true) a ChangeBatch: the generated type
    // test tells them apart by ChangeBatch's required `format`.
    if (instanceOfChangeBatch(batch)) throw new Error('expected a SnapshotSeries, got a ChangeBatch');
    return batch;
}

async function main(baseUrl: string) {
    const config = new Configuration({ basePath: baseUrl });
    const sessions = new SessionsApi(config);
    const snapshots = new SnapshotsApi(config);
    const report: Record<string, unknown> = {};

    // A 320×568 window with a navigation controller holding one controller with its view tree
    // (`type` left out for the plain view controller, as the README's bodies do).
    const things: ViewControllerSpec = {
        id: 'things', title: 'Things', view: {
            id: 'root', kind: 'collection', children: [
                { id: 'cell-3', kind: 'cell', frame: frame(110, 80, 100, 120), children: [
                    { id: 'image', kind: 'imageView', image: 'thing-3', frame: frame(0, 0, 100, 100) },
                    { id: 'label', kind: 'label', text: 'Thing 3', frame: frame(0, 100, 100, 20) }] }] },
    };
    const screen: ScreenSize = { width: 320, height: 568, scale: 2 };
    const created = await sessions.createSessionRaw({ sessionCreateRequest: {
        screen, clock: 'virtual', root: { type: 'navigation', id: 'nav', viewControllers: [things] } } });
    const state = await created.value();
    const id = state.id;
    report.created = [created.raw.status, created.raw.headers.get('Location') === `/v1/sessions/${id}`,
        state.controllers.type, state.controllers.topViewController];

    // Push a detail controller with the zoom animator; its image rounds its top corners.
    const detail: ViewControllerSpec = { id: 'detail', title: 'Detail', view: { id: 'root', kind: 'view', children: [
        { id: 'image', kind: 'imageView', image: 'thing-3', frame: frame(20, 84, 280, 280),
          cornerRadius: 12, maskedCorners: [Corner.MaxXMinY, Corner.MinXMinY] }] } };
    const push: ActionRequest = { type: 'push', viewController: detail, animator: zoom('cell-3/image', 'image') };
    // A single action goes out through its own model's conversion (which names a step's `_if`
    // `if`), not as written: ActionRequest's array member, whose check accepts anything, is
    // checked after the actions.
    if (ActionRequestToJSON(push) === push) throw new Error('a single action went out unconverted');
    const pushed = await sessions.applyActions({ id, actionRequest: push });
    report.push = [pushed.applied, pushed.transition.operation, pushed.transition.animator, pushed.events.map(e => e.seq)];

    const frames = series(await snapshots.snapshots({ id, t: '0,0.1,0.2,0.3' }));
    report.series = frames.snapshots.map(s => [s.time, s.transition.percentComplete, s.root!.id]);

    // A flat snapshot with precision 2: every view's window frame, alpha and transform.
    const flat = await snapshots.snapshot({ id, t: 0.15, flat: true, precision: 2 });
    // maskedCorners is left out unless a view's differs from all four.
    report.flat = flat.views!.map((v: FlatView) => [v.parent ?? '', v.id, rect(v.windowFrame), v.alpha,
        [v.transform.a, v.transform.b, v.transform.c, v.transform.d, v.transform.tx, v.transform.ty],
        v.maskedCorners ?? 'all']);
    report.clock = (await sessions.advanceClock({ id, clockRequest: { by: 1 } })).time;

    // An interactive pop, driven directly, then cancelled.
    const pop: VectorOfActions = [
        { type: 'pop', interactive: true, animator: zoom('image', 'cell-3/image') },
        { type: 'update', percent: 0.3, at: 1.1 },
        { type: 'cancel', at: 1.2 }];
    report.pop = (await sessions.applyActions({ id, actionRequest: pop })).applied;
    const scrub = series(await snapshots.snapshots({ id, from: 1, to: 1.3, fps: 20 }));
    report.scrub = scrub.snapshots.map(s => [s.time, s.transition.phase ?? '', s.transition.percentComplete ?? -1]);

    // The same through gesture samples: an edge pan.
    await sessions.applyActions({ id, actionRequest: [
        gesture(GesturePhase.Began, 2.0, 0), gesture(GesturePhase.Changed, 2.05, 96),
        gesture(GesturePhase.Ended, 2.1, 200, { x: 300, y: 0 })] });
    const g = (await snapshots.snapshot({ id, t: 2.2 })).transition.gesture!;
    report.gesture = [g.decision, g.progress];
    await sessions.advanceClock({ id, clockRequest: { to: 3 } });

    const completions = await sessions.events({ id, type: EventType.CompleteTransition });
    report.completions = [completions.events.map(e => {
        const c = e as CompleteTransitionEvent;
        return [c.seq, c.time, c.didComplete];
    }), completions.lastSeq];
    // `after` is an int64: a value past 2^31 is sent as written and answers no events.
    report.after = (await sessions.events({ id, after: 9_000_000_000 })).events.length;
    const shown = await sessions.showSession({ id });
    report.state = [shown.controllers.topViewController, shown.eventCount];

    // The scenario export reads back through the unions (screen, controllers, actions, clock).
    const scenario = await sessions.exportScenario({ id });
    const changes = scenario.changes.map(c => instanceOfScenarioClock(c)
        ? ['clock', (c as ScenarioClock).clock] : ['action', (c as ScenarioAction).action.type]);
    const root = scenario.session.root as NavigationControllerSpec;
    report.scenario = [scenario.version, (scenario.session.screen as ScreenSize).width, root.viewControllers.length, changes];

    const deleted = (await sessions.deleteSessionRaw({ id })).raw.status;
    let gone = 0;
    try {
        await sessions.showSession({ id });
    } catch (e) {
        if (!(e instanceof ResponseError)) throw e;
        gone = e.response.status;
    }
    report.deleted = [deleted, gone];
    console.log(JSON.stringify(report));
}

main(process.argv[2]).catch(e => { console.error(e); process.exitCode = 1; });
