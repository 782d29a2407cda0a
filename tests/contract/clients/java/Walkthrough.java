// The README walkthrough through the Java client generated from openapi.yaml (tests/contract/
// test_generated_java.py generates it, compiles it with this file and runs it against the real
// binary). Every value is read through the typed models and printed as one JSON report, which the
// test compares with the same walkthrough done over raw HTTP (tests/contract/walkthrough.py).
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openapitools.client.ApiClient;
import org.openapitools.client.ApiException;
import org.openapitools.client.ApiResponse;
import org.openapitools.client.api.SessionsApi;
import org.openapitools.client.api.SnapshotsApi;
import org.openapitools.client.model.*;

public class Walkthrough {
    static BigDecimal n(String value) { return new BigDecimal(value); }

    static RectSpec frame(int x, int y, int width, int height) {
        return new RectSpec().x(n("" + x)).y(n("" + y)).width(n("" + width)).height(n("" + height));
    }

    static AnimatorChoice zoom(String source, String target) {
        return new AnimatorChoice(new AnimatorWithParameters().name("zoom")
            .putAdditionalProperty("sourceView", new AnimatorParameterValue(source))
            .putAdditionalProperty("targetView", new AnimatorParameterValue(target)));
    }

    static Action gesture(GesturePhase phase, String at, int x, PointSpec velocity) {
        return new Action(new GestureAction().type(GestureAction.TypeEnum.GESTURE).recognizer(Recognizer.EDGE_PAN)
            .phase(phase).at(n(at)).translation(new PointSpec().x(n("" + x)).y(n("0"))).velocity(velocity));
    }

    static List<Object> rect(Rect r) { return List.of(r.getX(), r.getY(), r.getWidth(), r.getHeight()); }

    public static void main(String[] args) throws Exception {
        ApiClient client = new ApiClient();
        client.updateBaseUri(args[0]);
        // The one setting: the generated oneOf readers try every member and need exactly one to
        // match, and by default Jackson ignores members a class does not declare, so `{"clock": 1}`
        // would also read as a ScenarioAction. Refusing unknown members lets only the right one fit.
        client.setObjectMapper(client.getObjectMapper().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES,
            DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES));
        SessionsApi sessions = new SessionsApi(client);
        SnapshotsApi snapshots = new SnapshotsApi(client);
        Map<String, Object> report = new LinkedHashMap<>();

        // A 320×568 window with a navigation controller holding one controller with its view tree.
        ViewControllerSpec things = new ViewControllerSpec().id("things").title("Things").view(
            new ViewSpec().id("root").kind(ViewSpec.KindEnum.COLLECTION).children(List.of(
                new ViewSpec().id("cell-3").kind(ViewSpec.KindEnum.CELL).frame(frame(110, 80, 100, 120)).children(List.of(
                    new ViewSpec().id("image").kind(ViewSpec.KindEnum.IMAGE_VIEW).image("thing-3").frame(frame(0, 0, 100, 100)),
                    new ViewSpec().id("label").kind(ViewSpec.KindEnum.LABEL).text("Thing 3").frame(frame(0, 100, 100, 20)))))));
        SessionCreate body = new SessionCreate()
            .screen(new ScreenSpec(new ScreenSize().width(n("320")).height(n("568")).scale(n("2"))))
            .clock(SessionCreate.ClockEnum.VIRTUAL)
            .root(new ControllerSpec(new NavigationControllerSpec().type(NavigationControllerSpec.TypeEnum.NAVIGATION)
                .id("nav").viewControllers(List.of(new ControllerSpec(things)))));
        ApiResponse<SessionState> created = sessions.createSessionWithHttpInfo(new SessionCreateRequest(body));
        String id = created.getData().getId();
        report.put("created", List.of(created.getStatusCode(), created.getHeaders().get("location").get(0).equals("/v1/sessions/" + id),
            created.getData().getControllers().getType().getValue(), created.getData().getControllers().getTopViewController()));

        // Push a detail controller with the zoom animator; its image rounds its top corners.
        ViewControllerSpec detail = new ViewControllerSpec().id("detail").title("Detail").view(
            new ViewSpec().id("root").kind(ViewSpec.KindEnum.VIEW).children(List.of(
                new ViewSpec().id("image").kind(ViewSpec.KindEnum.IMAGE_VIEW).image("thing-3").frame(frame(20, 84, 280, 280))
                    .cornerRadius(n("12")).maskedCorners(List.of(Corner.MAX_X_MIN_Y, Corner.MIN_X_MIN_Y)))));
        Outcome pushed = sessions.applyActions(id, new ActionRequest(new PushAction().type(PushAction.TypeEnum.PUSH)
            .viewController(new ControllerSpec(detail)).animator(zoom("cell-3/image", "image"))));
        // An event's kinds share no interface in Java; each is read back as its JSON to get `seq`.
        List<Object> seqs = new ArrayList<>();
        for (Event e : pushed.getEvents()) seqs.add(new ObjectMapper().convertValue(e.getActualInstance(), Map.class).get("seq"));
        report.put("push", List.of(pushed.getApplied(), pushed.getTransition().getOperation().getValue(), pushed.getTransition().getAnimator(), seqs));

        SnapshotSeries frames = snapshots.snapshots(id, "0,0.1,0.2,0.3", null, null, null, null, null, null).getSnapshotSeries();
        List<Object> series = new ArrayList<>();
        for (Snapshot s : frames.getSnapshots()) series.add(List.of(s.getTime(), s.getTransition().getPercentComplete(), s.getRoot().getId()));
        report.put("series", series);

        // A flat snapshot with precision 2: every view's window frame, alpha and transform.
        Snapshot flat = snapshots.snapshot(id, n("0.15"), true, 2);
        List<Object> views = new ArrayList<>();
        for (FlatView v : flat.getViews()) {
            AffineTransform t = v.getTransform();
            // maskedCorners is left out unless a view's differs from all four: a client that sent
            // `[]` for it (an optional list defaulting to empty) would show here.
            List<Object> corners = new ArrayList<>();
            if (v.getMaskedCorners() != null) for (Corner c : v.getMaskedCorners()) corners.add(c.getValue());
            views.add(List.of(v.getParent() == null ? "" : v.getParent(), v.getId(), rect(v.getWindowFrame()), v.getAlpha(),
                List.of(t.getA(), t.getB(), t.getC(), t.getD(), t.getTx(), t.getTy()),
                v.getMaskedCorners() == null ? "all" : corners));
        }
        report.put("flat", views);
        report.put("clock", sessions.advanceClock(id, new ClockRequest().by(n("1"))).getTime());

        // An interactive pop, driven directly, then cancelled.
        VectorOfActions pop = new VectorOfActions();
        pop.add(new Action(new PopAction().type(PopAction.TypeEnum.POP).interactive(true).animator(zoom("image", "cell-3/image"))));
        pop.add(new Action(new UpdateAction().type(UpdateAction.TypeEnum.UPDATE).percent(n("0.3")).at(n("1.1"))));
        pop.add(new Action(new CancelAction().type(CancelAction.TypeEnum.CANCEL).at(n("1.2"))));
        report.put("pop", sessions.applyActions(id, new ActionRequest(pop)).getApplied());
        List<Object> scrub = new ArrayList<>();
        for (Snapshot s : snapshots.snapshots(id, null, n("1"), n("1.3"), n("20"), null, null, null).getSnapshotSeries().getSnapshots())
            scrub.add(List.of(s.getTime(), s.getTransition().getPhase() == null ? "" : s.getTransition().getPhase().getValue(),
                s.getTransition().getPercentComplete() == null ? -1 : s.getTransition().getPercentComplete()));
        report.put("scrub", scrub);

        // The same through gesture samples: an edge pan.
        VectorOfActions pan = new VectorOfActions();
        pan.add(gesture(GesturePhase.BEGAN, "2.0", 0, null));
        pan.add(gesture(GesturePhase.CHANGED, "2.05", 96, null));
        pan.add(gesture(GesturePhase.ENDED, "2.1", 200, new PointSpec().x(n("300")).y(n("0"))));
        sessions.applyActions(id, new ActionRequest(pan));
        Gesture g = snapshots.snapshot(id, n("2.2"), null, null).getTransition().getGesture();
        report.put("gesture", List.of(g.getDecision().getValue(), g.getProgress()));
        sessions.advanceClock(id, new ClockRequest().to(n("3")));

        Events200Response completions = sessions.events(id, null, EventType.COMPLETE_TRANSITION, null);
        List<Object> done = new ArrayList<>();
        for (Event e : completions.getEvents()) {
            CompleteTransitionEvent c = e.getCompleteTransitionEvent();
            done.add(List.of(c.getSeq(), c.getTime(), c.getDidComplete()));
        }
        report.put("completions", List.of(done, completions.getLastSeq()));
        // `after` is an int64: a value past 2^31 is sent as written and answers no events.
        report.put("after", sessions.events(id, 9_000_000_000L, null, null).getEvents().size());
        SessionState state = sessions.showSession(id);
        report.put("state", List.of(state.getControllers().getTopViewController(), state.getEventCount()));

        // The scenario export reads back through the unions (screen, controllers, actions, clock).
        Scenario scenario = sessions.exportScenario(id);
        List<Object> changes = new ArrayList<>();
        for (ScenarioChange c : scenario.getChanges()) {
            if (c.getActualInstance() instanceof ScenarioClock) changes.add(List.of("clock", c.getScenarioClock().getClock()));
            else changes.add(List.of("action", new ObjectMapper().convertValue(c.getScenarioAction().getAction().getActualInstance(), Map.class).get("type")));
        }
        ScreenSize screen = scenario.getSession().getScreen().getScreenSize();
        NavigationControllerSpec root = scenario.getSession().getRoot().getNavigationControllerSpec();
        report.put("scenario", List.of(scenario.getVersion().getValue(), screen.getWidth(), root.getViewControllers().size(), changes));

        int deleted = sessions.deleteSessionWithHttpInfo(id).getStatusCode();
        int gone = 0;
        try {
            sessions.showSession(id);
        } catch (ApiException e) {
            gone = e.getCode();
        }
        report.put("deleted", List.of(deleted, gone));
        System.out.println(new ObjectMapper().writeValueAsString(report));
    }
}
