// kube-scheduler v1.31's filters over a rendered launcher Pod and a set of Nodes: pure, no IO.
export {
  schedule,
  fitErrorMessage,
  type Cluster,
  type NodeVerdict,
  type ScheduleVerdict,
} from './schedule.js';
export { explainVerdict, type ExplainedReason, type NodeExplanation } from './explain.js';
export type { OriginContext, Origin } from './origins.js';
