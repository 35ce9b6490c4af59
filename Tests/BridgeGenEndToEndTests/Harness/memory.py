"""Process memory for the benchmarks' peaks: RSS and peak RSS from /proc, and a process's
descendants (a browser's content processes)."""
import os


def process_memory(pid, reset):
    """A process's RSS and peak RSS in KiB (/proc/PID/status); `reset` first sets the peak to the
    RSS now (`5` to /proc/PID/clear_refs)."""
    if reset:
        with open(f'/proc/{pid}/clear_refs', 'w') as f:
            f.write('5')
    with open(f'/proc/{pid}/status') as f:
        fields = dict(line.split(':', 1) for line in f if ':' in line)
    return {'rssKiB': int(fields['VmRSS'].split()[0]), 'hwmKiB': int(fields['VmHWM'].split()[0])}


def descendants_memory(ancestor, matches, reset):
    """process_memory summed over the descendants of `ancestor` for which matches(name, cmdline)
    holds (a sandbox may stand between them)."""
    children = {}
    for entry in filter(str.isdigit, os.listdir('/proc')):
        try:
            with open(f'/proc/{entry}/stat') as f:
                stat = f.read()
            with open(f'/proc/{entry}/cmdline', 'rb') as f:
                cmdline = f.read()
        except OSError:
            continue  # gone meanwhile
        name = stat[stat.index('(') + 1:stat.rindex(')')]
        parent = int(stat[stat.rindex(')') + 2:].split()[1])
        children.setdefault(parent, []).append((int(entry), matches(name, cmdline)))
    total, pending = {'rssKiB': 0, 'hwmKiB': 0}, [ancestor]
    while pending:
        for pid, matched in children.get(pending.pop(), []):
            pending.append(pid)
            if matched:
                for key, value in process_memory(pid, reset).items():
                    total[key] += value
    return total
