// CPU time over a load run, from /proc (Linux): the whole machine's busy share, and the seconds
// each group of processes used, so a benchmark can say where its cores went. A group is a set of
// process groups (a detached server and everything it forked) or every process of one name
// (PostgreSQL's backends, redis-server).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";

export type ProcessMatcher = { processGroups?: number[]; names?: string[]; pids?: number[] };

type Snapshot = { at: number; machineBusy: number; machineInterrupts: number; machineTotal: number; seconds: Record<string, number> };

export type CpuUsage = {
  /** Cores in use on average over the run, per group, and for the whole machine. */
  cores: Record<string, number>;
  machine_cores_busy: number;
  /** Of those, the kernel's interrupt work (irq, softirq: loopback networking among it), which no process is charged for. */
  machine_cores_interrupts: number;
  machine_cores: number;
};

const TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

export function cpuSnapshot(groups: Record<string, ProcessMatcher>): Snapshot {
  const seconds = Object.fromEntries(Object.keys(groups).map((name) => [name, 0]));
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readProcessStat(Number(entry));
    if (!stat) continue;
    for (const [name, matcher] of Object.entries(groups)) {
      const matches =
        matcher.pids?.includes(stat.pid) || matcher.processGroups?.includes(stat.pgrp) || matcher.names?.includes(stat.comm);
      if (matches) seconds[name] = (seconds[name] ?? 0) + stat.ticks / TICKS_PER_SECOND;
    }
  }
  const [, ...fields] = (fs.readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "").trim().split(/\s+/);
  const ticks = fields.map(Number);
  // user nice system idle iowait irq softirq steal: idle and iowait are the idle ones.
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const total = ticks.slice(0, 8).reduce((sum, n) => sum + n, 0);
  const interrupts = (ticks[5] ?? 0) + (ticks[6] ?? 0);
  return { at: performance.now(), machineBusy: (total - idle) / TICKS_PER_SECOND, machineInterrupts: interrupts / TICKS_PER_SECOND, machineTotal: total / TICKS_PER_SECOND, seconds };
}

/** Average cores in use between two snapshots. Processes that ended in between are not counted. */
export function cpuBetween(before: Snapshot, after: Snapshot): CpuUsage {
  const wall = (after.at - before.at) / 1000;
  const round = (n: number) => Math.round(n * 100) / 100;
  const cores = Object.fromEntries(
    Object.keys(after.seconds).map((name) => [name, round(Math.max(0, (after.seconds[name] ?? 0) - (before.seconds[name] ?? 0)) / wall)]),
  );
  const machineCores = os.cpus().length;
  const elapsed = Math.max(after.machineTotal - before.machineTotal, 1e-9);
  const share = (of: (s: Snapshot) => number) => round(((of(after) - of(before)) / elapsed) * machineCores);
  return { cores, machine_cores_busy: share((s) => s.machineBusy), machine_cores_interrupts: share((s) => s.machineInterrupts), machine_cores: machineCores };
}

function readProcessStat(pid: number): { pid: number; comm: string; pgrp: number; ticks: number } | undefined {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined; // ended since the directory was listed
  }
  // The name is in parentheses and may itself hold spaces or parentheses: split after the last ")".
  const open = text.indexOf("(");
  const close = text.lastIndexOf(")");
  const rest = text.slice(close + 2).split(" ");
  // After the name: state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime
  return { pid, comm: text.slice(open + 1, close), pgrp: Number(rest[2]), ticks: Number(rest[11]) + Number(rest[12]) };
}

/** The mean of runs of equal length. */
export function averageUsage(runs: CpuUsage[]): CpuUsage {
  const mean = (of: (u: CpuUsage) => number) => Math.round((runs.reduce((sum, u) => sum + of(u), 0) / Math.max(runs.length, 1)) * 100) / 100;
  const names = Object.keys(runs[0]?.cores ?? {});
  return {
    cores: Object.fromEntries(names.map((name) => [name, mean((u) => u.cores[name] ?? 0)])),
    machine_cores_busy: mean((u) => u.machine_cores_busy),
    machine_cores_interrupts: mean((u) => u.machine_cores_interrupts),
    machine_cores: runs[0]?.machine_cores ?? os.cpus().length,
  };
}
