package scene

import (
	"runtime"
	"sync/atomic"

	"github.com/tickwork/tickwork/timing"
)

// World propagation on more than one core.
//
// The roots' part of a tick's propagation reads and writes nothing but
// each root's own columns, and the children of one depth of the hierarchy
// read only their parents, one depth up, which are done: both split into
// disjoint runs (tasks: a chunk's roots, a block of children) that
// goroutines can compute at the same time. Every actor is computed by the
// same code from the same inputs whichever goroutine runs it, so the world
// transforms are bit for bit those of the serial run; each task notes its
// repairs apart, and they are joined in task order, which is slot order
// for roots and m.order for children: the reports too are the serial
// run's.
//
// The calling goroutine works through the tasks itself and wakes the
// helpers, which take tasks as they come: a helper that wakes late takes
// fewer, or none, and the caller never waits for one that has not started
// a task. The helpers are goroutines the manager starts when it first
// splits (GOMAXPROCS-1 of them, at most maxSplit-1; more if GOMAXPROCS
// grows) and keeps: a split pass allocates nothing once the scene has
// reached its size. They stop when the manager is garbage collected.
//
// A split pass is used only where it is large enough to pay for the
// wake-ups: at least splitMinRoots slots for the roots, splitMinLevel
// children in a depth. On a 2-core host with its second core free
// (BenchmarkTickPropagateSplit, -cpu 2; a tenth of the actors are
// children), splitting every pass took 1.1–1.2× the serial time at 10k
// actors, about 0.95× at 30k, 0.7–0.86× at 50k, 0.57–0.78× at 100k and
// 0.52–0.61× at 200k; with these thresholds nothing splits at 10k and 30k.
// With another program busy on the second core a split tick measured
// 1.06–1.18× the serial one from 50k to 100k: a helper that the system
// has set aside holds its task until it runs again.
//
// A SplitBulkTicker's tick splits likewise, in tasks of splitBulkBlock
// members, from splitMinBulk members: with a behaviour of about 25 ns per
// actor (BenchmarkBulkSplit, -cpu 2) a split tick took 0.97× the time of
// one TickBulk call at 8k members, 0.72× at 16k, 0.61× at 32k and 0.53×
// at 100k. The threshold leaves room for cheaper behaviours.
const (
	splitMinRoots  = 1 << 15
	splitMinLevel  = 1 << 13
	splitBlock     = 1 << 11 // children per task
	splitMinBulk   = 1 << 15 // members of a SplitBulkTicker
	splitBulkBlock = 1 << 12 // of its members per task
	maxSplit       = 8
)

// splitPool is a manager's helpers and the state of its current split
// pass. It holds no reference to the manager between passes, so that the
// manager can be collected, which stops the helpers.
type splitPool struct {
	wake []chan splitJob // one per helper, buffered: waking never blocks

	// state is the pass's number (high 32 bits) and its next task (low
	// 32): a helper takes task i of its pass by moving it to i+1, and a
	// helper still holding an earlier pass's job finds the number changed.
	state   atomic.Uint64
	pending atomic.Int32  // tasks of the pass not yet finished
	done    chan struct{} // the helper that finishes the last task says so
	gen     uint32
	reps    []repairs     // each task's, propagating
	errs    []error       // each task's, ticking a bulk ticker
	panics  []*PanicError // likewise
}

// What a split pass does.
const (
	splitRootsPass    uint8 = iota // the roots of chunks, one task per chunk
	splitChildrenPass              // the children in order, splitBlock per task
	splitBulkPass                  // a SplitBulkTicker over batch, splitBulkBlock per task
)

// splitJob is one pass as a helper receives it.
type splitJob struct {
	m      *Manager
	gen    uint32
	tasks  int
	kind   uint8
	order  []int32
	cur    uint8
	force  bool
	reps   []repairs
	bulk   SplitBulkTicker
	batch  []*Actor
	t      timing.TickInfo
	errs   []error
	panics []*PanicError
	state  *atomic.Uint64
	pend   *atomic.Int32
	doneCh chan<- struct{}
}

func helperLoop(wake <-chan splitJob) {
	for j := range wake {
		if j.work() {
			j.doneCh <- struct{}{}
		}
	}
}

// work takes and runs tasks of j's pass until none is left, and reports
// whether it finished the pass's last task.
func (j splitJob) work() (last bool) {
	for {
		s := j.state.Load()
		i := int(uint32(s))
		if uint32(s>>32) != j.gen || i >= j.tasks {
			return false
		}
		if !j.state.CompareAndSwap(s, s+1) {
			continue
		}
		switch j.kind {
		case splitRootsPass:
			j.m.propagateRoots(i, i+1, j.cur, j.force, &j.reps[i])
		case splitChildrenPass:
			lo, hi := i*splitBlock, min((i+1)*splitBlock, len(j.order))
			j.m.propagateChildren(j.order[lo:hi], j.cur, j.force, &j.reps[i])
		case splitBulkPass:
			j.bulkPart(i)
		}
		if j.pend.Add(-1) == 0 {
			return true
		}
	}
}

// stop ends the helpers. It is the manager's cleanup.
func (p *splitPool) stop() {
	for _, w := range p.wake {
		close(w)
	}
}

// splitFrom returns the size from which a pass splits: from, unless a
// test set another.
func (m *Manager) splitFrom(from int) int {
	if m.splitMin > 0 {
		return m.splitMin
	}
	return from
}

// splitWays returns how many goroutines a pass of size n (slots or
// children) would use: 1 below from (see splitFrom) or on one core. It
// starts the helpers the first time it returns more than 1.
func (m *Manager) splitWays(n, from int) int {
	if n < m.splitFrom(from) {
		return 1
	}
	ways := min(runtime.GOMAXPROCS(0), maxSplit)
	if m.maxCores > 0 {
		ways = min(ways, m.maxCores)
	}
	if ways < 2 || m.serialOnly {
		return 1
	}
	if m.split == nil {
		m.split = &splitPool{done: make(chan struct{}, 1)}
		runtime.AddCleanup(m, (*splitPool).stop, m.split)
	}
	for p := m.split; len(p.wake) < ways-1; {
		w := make(chan splitJob, 1)
		p.wake = append(p.wake, w)
		go helperLoop(w)
	}
	return ways
}

// SetMaxCores sets the most goroutines (cores) a tick of this scene may
// use for its world propagation and its SplitBulkTickers: 1 keeps every
// tick on the calling goroutine, 0 (the default) allows GOMAXPROCS, at
// most 8. The results are the same either way; what it changes is the
// time. Use 1 where another busy thread shares the cores (a software
// rasteriser, a server's other matches) and splitting measures slower.
// It takes effect at the next tick; call it between ticks, from the
// goroutine that ticks the scene. A negative n is taken as 0.
func (m *Manager) SetMaxCores(n int) {
	m.maxCores = max(n, 0)
}

// MaxCores returns what SetMaxCores set: 0 for GOMAXPROCS.
func (m *Manager) MaxCores() int { return m.maxCores }

// runSplit runs j, one split pass of j.tasks tasks, on ways goroutines
// and, for a propagation, joins the tasks' repairs, in task order, to the
// manager's.
func (m *Manager) runSplit(ways int, j splitJob) {
	p := m.split
	tasks := j.tasks
	if j.kind == splitBulkPass {
		if len(p.errs) < tasks {
			p.errs, p.panics = make([]error, tasks), make([]*PanicError, tasks)
		}
		j.errs, j.panics = p.errs[:tasks], p.panics[:tasks]
	} else {
		if len(p.reps) < tasks {
			p.reps = append(p.reps, make([]repairs, tasks-len(p.reps))...)
		}
		j.reps = p.reps[:tasks]
	}
	p.gen++
	p.pending.Store(int32(tasks))
	p.state.Store(uint64(p.gen) << 32)
	j.m, j.gen, j.state, j.pend, j.doneCh = m, p.gen, &p.state, &p.pending, p.done
	for _, w := range p.wake[:ways-1] {
		select {
		case w <- j:
		default: // still holding an earlier pass's job: it will find nothing to do
		}
	}
	if !j.work() {
		<-p.done // a helper is finishing the last task
	}
	for i := range j.reps {
		r := &j.reps[i]
		m.rep.nonFin = append(m.rep.nonFin, r.nonFin...)
		m.rep.zeroRot = append(m.rep.zeroRot, r.zeroRot...)
		r.nonFin, r.zeroRot = r.nonFin[:0], r.zeroRot[:0]
	}
}

// splitRoots runs the roots' part of propagate split across cores. It
// reports false, doing nothing, when the scene is too small to split.
func (m *Manager) splitRoots(cur uint8, force bool) bool {
	ways := m.splitWays(int(m.n), splitMinRoots)
	if ways < 2 {
		return false
	}
	m.runSplit(ways, splitJob{tasks: len(m.chunks), kind: splitRootsPass, cur: cur, force: force})
	return true
}

// splitChildren runs the children's part of propagate: depth by depth,
// each depth split across cores when it is large enough, then serially
// the actors added to m.order since it was sorted by depth. When those
// are many (spawned children are appended to m.order, a restored order
// has no depths), it sorts m.order by depth again first: on any number of
// cores, so that the children's repairs, reported in m.order, are listed
// in the same order on every machine.
func (m *Manager) splitChildren(cur uint8, force bool) {
	sorted := 0
	if len(m.levels) > 0 {
		sorted = int(m.levels[len(m.levels)-1])
	}
	if tail := len(m.order) - sorted; tail >= m.splitFrom(splitMinLevel) {
		m.rebuildOrder()
	}
	for d := 0; d+1 < len(m.levels); d++ {
		run := m.order[m.levels[d]:m.levels[d+1]]
		if ways := m.splitWays(len(run), splitMinLevel); ways > 1 {
			m.runSplit(ways, splitJob{tasks: (len(run) + splitBlock - 1) / splitBlock, kind: splitChildrenPass,
				order: run, cur: cur, force: force})
		} else {
			m.propagateChildren(run, cur, force, &m.rep)
		}
	}
	start := int32(0)
	if len(m.levels) > 0 {
		start = m.levels[len(m.levels)-1]
	}
	m.propagateChildren(m.order[start:], cur, force, &m.rep)
}
