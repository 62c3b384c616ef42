/**
 * A small filesystem of its own for a browser profile, so a test can fill the disk under a running
 * Chromium and free it again: an ext4 image mounted through a loop device (a real filesystem, as
 * a phone's; no space kept back for root, so "full" means full for Chromium too). Needs root, as
 * CI and the development machine run; `smallDiskUsable()` says whether this machine allows it.
 * Only local files: the image lives in the system's temporary folder and is removed by `remove()`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SmallDisk {
  /** Where the filesystem is mounted (put the browser profile under it). */
  dir: string;
  /** Bytes free for a writer now. */
  free(): number;
  /**
   * Fills the disk to 0 bytes free, with filler files. Call it again to take whatever the browser
   * freed since (LevelDB's compactions and deleted files give blocks back).
   */
  fill(): void;
  /** Frees the disk again (removes the filler). */
  unfill(): void;
  /** Unmounts and removes everything; safe to call twice. */
  remove(): void;
}

const run = (cmd: string, args: string[]) =>
  execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();

/** True when this machine lets the test mount a filesystem (root, with mkfs.ext4 and mount). */
export function smallDiskUsable(): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  try {
    run('sh', ['-c', 'command -v mkfs.ext4 && command -v mount && command -v fallocate']);
    return true;
  } catch {
    return false;
  }
}

export function makeSmallDisk(megabytes: number, kind: 'ext4' | 'tmpfs' = 'ext4'): SmallDisk {
  const base = mkdtempSync(join(tmpdir(), 'tableside-disk-'));
  const image = join(base, 'disk.img');
  const dir = join(base, 'mnt');
  let fills = 0;
  mkdirSync(dir);
  if (kind === 'tmpfs') run('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir]);
  else {
    run('truncate', ['-s', `${megabytes}M`, image]);
    // -m 0: no blocks kept back for root (Chromium runs as root here); no journal to keep it small.
    run('mkfs.ext4', ['-q', '-F', '-m', '0', '-O', '^has_journal', image]);
    run('mount', ['-o', 'loop', image, dir]);
  }
  let mounted = true;
  const free = () => {
    const s = statfsSync(dir);
    return Number(s.bavail) * Number(s.bsize);
  };
  return {
    dir,
    free,
    fill() {
      const n = fills++;
      // fallocate takes most of it at once (its extent tree needs a few blocks of its own)…
      const bytes = free() - 512 * 1024;
      if (bytes > 0) run('fallocate', ['-l', String(bytes), join(dir, `filler-${n}`)]);
      // …and whatever it could not place, writes take until the disk says no.
      for (const bs of [4096, 1024, 1])
        try {
          run('dd', ['if=/dev/zero', `of=${join(dir, `filler-${n}-${bs}`)}`, `bs=${bs}`, 'count=1000000']);
        } catch {
          // dd stops with "No space left on device": that is the point.
        }
    },
    unfill() {
      for (const name of readdirSync(dir)) if (name.startsWith('filler-')) rmSync(join(dir, name));
    },
    remove() {
      if (mounted) {
        mounted = false;
        try {
          run('umount', [dir]);
        } catch {
          // A process still holds a file: detach now, the kernel lets go when it closes.
          run('umount', ['-l', dir]);
        }
      }
      if (existsSync(base)) rmSync(base, { recursive: true, force: true });
    }
  };
}
