/**
 * A V8 .cpuprofile (node --cpu-prof) summed up as text: where the server's CPU
 * went, by function (self and total time) and by package, so a profile can be
 * compared before and after a change without a flame graph viewer. The same
 * for a sampling heap profile: where the bytes were allocated.
 */
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileLine {
  name: string;
  /** Milliseconds. */
  self: number;
  total: number;
}

export interface ProfileSummary {
  /** Wall time the profile covers and the part of it the process was busy (not idle), ms. */
  wallMs: number;
  busyMs: number;
  byFunction: ProfileLine[];
  byPackage: ProfileLine[];
}

/** 'fastify', 'node:internal', 'server src', '(garbage collector)' … for a frame. */
export function packageOf(f: CallFrame): string {
  if (!f.url) return f.functionName.startsWith('(') ? f.functionName : '(native)';
  const nm = f.url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = f.url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (f.url.startsWith('node:')) return 'node';
  if (f.url.includes('/packages/shared/')) return 'shared src';
  if (f.url.includes('/apps/server/src/')) return 'server src';
  return f.url.split('/').slice(-2).join('/');
}

const shortUrl = (url: string) => {
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) return url.slice(nm + 'node_modules/'.length);
  const src = url.search(/(apps|packages)\//);
  return src >= 0 ? url.slice(src) : url.replace(/^file:\/\//, '');
};

const frameName = (f: CallFrame) =>
  f.url ? `${f.functionName || '(anonymous)'} ${shortUrl(f.url)}:${f.lineNumber + 1}` : f.functionName;

export function summariseProfile(p: CpuProfile): ProfileSummary {
  const selfOf = new Map<number, number>();
  for (let i = 0; i < p.samples.length; i++) {
    const id = p.samples[i]!;
    selfOf.set(id, (selfOf.get(id) ?? 0) + (p.timeDeltas[i + 1] ?? 0) / 1000);
  }
  return { wallMs: (p.endTime - p.startTime) / 1000, ...summariseTree(p.nodes, selfOf) };
}

/** A sampling heap profile (HeapProfiler.stopSampling): a tree of call frames with the bytes allocated in each. */
export interface HeapProfile {
  head: HeapNode;
}
interface HeapNode {
  id: number;
  callFrame: CallFrame;
  selfSize: number;
  children: HeapNode[];
}

/** The same summary for a heap profile: `busy` and the lines are kB allocated instead of milliseconds. */
export function summariseHeapProfile(p: HeapProfile): ProfileSummary {
  const nodes: ProfileNode[] = [];
  const selfOf = new Map<number, number>();
  const walk = (n: HeapNode) => {
    nodes.push({ id: n.id, callFrame: n.callFrame, children: n.children.map((c) => c.id) });
    if (n.selfSize) selfOf.set(n.id, n.selfSize / 1024);
    for (const c of n.children) walk(c);
  };
  walk(p.head);
  return { wallMs: 0, ...summariseTree(nodes, selfOf) };
}

/** Self and total per function and package over a call tree, given each node's own share. */
function summariseTree(nodes: ProfileNode[], selfOf: Map<number, number>) {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const fn = new Map<string, ProfileLine>();
  const pkg = new Map<string, ProfileLine>();
  const line = (m: Map<string, ProfileLine>, name: string) => {
    const found = m.get(name);
    if (found) return found;
    const l = { name, self: 0, total: 0 };
    m.set(name, l);
    return l;
  };
  let busy = 0;
  for (const [id, amount] of selfOf) {
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') continue;
    busy += amount;
    line(fn, frameName(node.callFrame)).self += amount;
    line(pkg, packageOf(node.callFrame)).self += amount;
    // Total: each function and package counted once per stack, however often it recurs.
    const seenFn = new Set<string>();
    const seenPkg = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const f = byId.get(at)!.callFrame;
      if (f.functionName === '(root)') break;
      const name = frameName(f);
      if (!seenFn.has(name)) {
        seenFn.add(name);
        line(fn, name).total += amount;
      }
      const pk = packageOf(f);
      if (!seenPkg.has(pk)) {
        seenPkg.add(pk);
        line(pkg, pk).total += amount;
      }
    }
  }
  const bySelf = (m: Map<string, ProfileLine>) => [...m.values()].sort((a, b) => b.self - a.self);
  return { busyMs: busy, byFunction: bySelf(fn), byPackage: bySelf(pkg) };
}

/** Markdown tables: the packages, the functions by self time, the functions by total time. */
export function profileMarkdown(s: ProfileSummary, opts: { calls: number; top?: number; unit?: 'cpu' | 'heap' }) {
  const top = opts.top ?? 25;
  const heap = opts.unit === 'heap';
  // CPU: µs per call (the lines are ms); heap: kB allocated per call (the lines are kB).
  const perCall = (v: number) => ((heap ? v : v * 1000) / Math.max(1, opts.calls)).toFixed(1);
  const unit = heap ? 'kB' : 'µs';
  const pct = (ms: number) => ((100 * ms) / Math.max(1, s.busyMs)).toFixed(1);
  const table = (title: string, lines: ProfileLine[]) => [
    `| ${title} | self ${unit} per call | self % | total ${unit} per call | total % |`,
    '| --- | ---: | ---: | ---: | ---: |',
    ...lines.map(
      (l) =>
        `| ${l.name.replace(/\|/g, '\\|')} | ${perCall(l.self)} | ${pct(l.self)} | ${perCall(l.total)} | ${pct(l.total)} |`,
    ),
    '',
  ];
  return [
    heap
      ? `${(s.busyMs / 1024).toFixed(0)} MB allocated (sampled), ${opts.calls} calls: ${perCall(s.busyMs)} kB per call.`
      : `Busy ${s.busyMs.toFixed(0)} of ${s.wallMs.toFixed(0)} ms, ${opts.calls} calls: ${perCall(s.busyMs)} µs of server CPU per call.`,
    '',
    ...table(
      'package',
      s.byPackage.filter((l) => l.total >= s.busyMs * 0.005),
    ),
    ...table('function (by self time)', s.byFunction.slice(0, top)),
    ...table('function (by total time)', [...s.byFunction].sort((a, b) => b.total - a.total).slice(0, top)),
  ].join('\n');
}
