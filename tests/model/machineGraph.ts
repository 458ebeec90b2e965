import type { AnyStateMachine, EventObject } from 'xstate';

/**
 * The static shape of a machine (every state node, every transition including guarded branches, `after` and
 * invoke onDone/onError), and which of those transitions a concrete step takes. The coverage guard compares the
 * two; the path generator uses the same walk to find transitions no path has taken yet.
 */

export type AnyStateNode = AnyStateMachine['root'];
type AnyTransition = ReturnType<AnyStateMachine['getTransitionData']>[number];

export type TransitionInfo = {
  /** Stable, readable key: `<source id> on <event type> #<branch index>`. */
  key: string;
  source: AnyStateNode;
  eventType: string;
  /** Position among the branches for this event on this node (guarded branches are tried in order). */
  branch: number;
  guard: string | null;
  targets: string[];
  definition: AnyTransition;
};

export type InvokeInfo = { id: string; src: string; stateId: string };
export type DelayInfo = { eventType: string; delay: string | number; stateId: string };

export type MachineShape = {
  states: AnyStateNode[];
  transitions: TransitionInfo[];
  invokes: InvokeInfo[];
  delays: DelayInfo[];
  /**
   * Eventless (`always`) transitions and internal `xstate.done.state.*` completions happen inside a macrostep,
   * where `getTransitionData` cannot see them. The guard refuses such machines until it learns to track them,
   * rather than reporting them as covered.
   */
  untrackable: string[];
};

function guardName(transition: AnyTransition): string | null {
  const guard: unknown = transition.guard;
  if (guard == null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return guard.type;
  if (typeof guard === 'function') return guard.name || 'inline guard';
  return 'guard';
}

/** Every state node of the machine (the root included), in document order. */
export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode): void => {
    nodes.push(node);
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);
  return nodes;
}

export function machineShape(machine: AnyStateMachine): MachineShape {
  const states = allStateNodes(machine);
  const transitions: TransitionInfo[] = [];
  const invokes: InvokeInfo[] = [];
  const delays: DelayInfo[] = [];
  const untrackable: string[] = [];
  for (const node of states) {
    for (const [eventType, branches] of node.transitions) {
      if (eventType.startsWith('xstate.done.state.')) untrackable.push(`${node.id} onDone`);
      branches.forEach((definition, branch) => {
        transitions.push({
          key: `${node.id} on ${eventType} #${branch}`,
          source: node,
          eventType,
          branch,
          guard: guardName(definition),
          targets: (definition.target ?? []).map((target) => target.id),
          definition,
        });
      });
    }
    if (node.always?.length) untrackable.push(`${node.id} always`);
    for (const invoke of node.invoke) {
      if (typeof invoke.src !== 'string') untrackable.push(`${node.id} invokes inline logic`);
      invokes.push({ id: invoke.id, src: String(invoke.src), stateId: node.id });
    }
    for (const delayed of node.after) {
      const delay = typeof delayed.delay === 'function' ? 'inline delay' : delayed.delay;
      delays.push({ eventType: delayed.eventType, delay, stateId: node.id });
    }
  }
  return { states, transitions, invokes, delays, untrackable };
}

/** Minimal view of a machine snapshot the graph helpers need. */
export type SnapshotLike = { _nodes: ReadonlyArray<{ id: string }> };

/** The transitions `event` takes from `snapshot` (guards evaluated), as keys of `machineShape(...).transitions`. */
export function takenTransitions(
  machine: AnyStateMachine,
  shape: MachineShape,
  snapshot: SnapshotLike,
  event: EventObject,
): string[] {
  if (event.type === 'xstate.init') return [];
  const byDefinition = new Map(shape.transitions.map((info) => [info.definition, info.key]));
  // getTransitionData is typed for the machine's own snapshot; generated steps carry exactly that snapshot.
  const taken = machine.getTransitionData(
    snapshot as Parameters<AnyStateMachine['getTransitionData']>[0],
    event,
  );
  return taken.map((definition) => {
    const key = byDefinition.get(definition);
    if (!key) throw new Error(`transition for ${event.type} is not part of the machine walk`);
    return key;
  });
}

export type CoverageReport = {
  uncoveredStates: string[];
  uncoveredTransitions: string[];
  untrackable: string[];
};

/** States and transitions that no step of `paths` reaches or takes. */
export function findUncovered(
  machine: AnyStateMachine,
  paths: ReadonlyArray<{ steps: ReadonlyArray<{ event: EventObject; state: SnapshotLike }> }>,
): CoverageReport {
  const shape = machineShape(machine);
  const reachedStates = new Set<string>();
  const takenKeys = new Set<string>();
  for (const path of paths) {
    let previous: SnapshotLike | undefined;
    for (const step of path.steps) {
      for (const node of step.state._nodes) reachedStates.add(node.id);
      if (previous)
        for (const key of takenTransitions(machine, shape, previous, step.event)) takenKeys.add(key);
      previous = step.state;
    }
  }
  return {
    uncoveredStates: shape.states.map((node) => node.id).filter((id) => !reachedStates.has(id)),
    uncoveredTransitions: shape.transitions.map((info) => info.key).filter((key) => !takenKeys.has(key)),
    untrackable: shape.untrackable,
  };
}
