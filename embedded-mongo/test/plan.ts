/**
 * Reads the stages of an explain reply, in the shapes mongod 7 answers with
 * (classic `winningPlan`, slot-based `winningPlan.queryPlan`, aggregate
 * `stages[0].$cursor`) and the embedded engine's (classic), so a test can
 * assert that a query uses an index on either engine.
 */
type Doc = Record<string, unknown>;

function isDoc(v: unknown): v is Doc {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function queryPlanner(explain: Doc): Doc | undefined {
  if (isDoc(explain.queryPlanner)) return explain.queryPlanner;
  const first = Array.isArray(explain.stages) ? explain.stages[0] : undefined;
  if (isDoc(first) && isDoc(first.$cursor) && isDoc(first.$cursor.queryPlanner)) return first.$cursor.queryPlanner;
  return undefined;
}

/** Every stage of the winning plan, outermost first. */
export function planStages(explain: Doc): Doc[] {
  const planner = queryPlanner(explain);
  let stage: unknown = planner?.winningPlan;
  if (isDoc(stage) && isDoc(stage.queryPlan)) stage = stage.queryPlan;
  const out: Doc[] = [];
  const visit = (s: unknown): void => {
    if (!isDoc(s)) return;
    out.push(s);
    visit(s.inputStage);
    if (Array.isArray(s.inputStages)) s.inputStages.forEach(visit);
  };
  visit(stage);
  return out;
}

/** Names of the winning plan's stages, e.g. ['SORT', 'FETCH', 'IXSCAN']. */
export function stageNames(explain: Doc): string[] {
  return planStages(explain).map((s) => String(s.stage));
}

/** The index names the winning plan scans. */
export function indexesUsed(explain: Doc): string[] {
  return planStages(explain)
    .filter((s) => s.stage === 'IXSCAN' || s.stage === 'COUNT_SCAN' || s.stage === 'DISTINCT_SCAN')
    .map((s) => String(s.indexName));
}
