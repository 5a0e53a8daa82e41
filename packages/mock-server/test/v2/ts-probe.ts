/**
 * A small MPEG-TS reader for assertions (ISO/IEC 13818-1): packet sync, the PAT, the PMT's
 * elementary streams, and the first PES timestamp of each stream. Written independently of the
 * server's re-stamping code so each checks the other.
 */
export interface TsProbe {
  packets: number;
  /** stream_type by elementary PID, from the PMT (0x1B = H.264). */
  streams: Map<number, number>;
  /** First PTS (90 kHz) by PID. */
  firstPts: Map<number, number>;
}

export function probeTs(bytes: Uint8Array): TsProbe {
  if (bytes.length === 0 || bytes.length % 188 !== 0)
    throw new Error(`${bytes.length} bytes is not whole 188-byte packets`);
  let pmtPid: number | undefined;
  const streams = new Map<number, number>();
  const firstPts = new Map<number, number>();
  for (let at = 0; at < bytes.length; at += 188) {
    const p = bytes.subarray(at, at + 188);
    if (p[0] !== 0x47) throw new Error(`lost sync at byte ${at}`);
    const pid = ((p[1]! & 0x1f) << 8) | p[2]!;
    const start = (p[1]! & 0x40) !== 0;
    const control = (p[3]! >> 4) & 3;
    let i = 4 + (control & 2 ? 1 + p[4]! : 0);
    if (!(control & 1) || !start) continue;
    if (pid === 0) {
      i += 1 + p[i]!; // pointer field
      // PAT section: 8 header bytes, then program_number(2) + PID(2) entries.
      const program = i + 8;
      pmtPid = ((p[program + 2]! & 0x1f) << 8) | p[program + 3]!;
    } else if (pid === pmtPid) {
      i += 1 + p[i]!;
      const sectionLength = ((p[i + 1]! & 0x0f) << 8) | p[i + 2]!;
      const infoLength = ((p[i + 10]! & 0x0f) << 8) | p[i + 11]!;
      const end = i + 3 + sectionLength - 4;
      for (let s = i + 12 + infoLength; s < end; ) {
        const esPid = ((p[s + 1]! & 0x1f) << 8) | p[s + 2]!;
        streams.set(esPid, p[s]!);
        s += 5 + (((p[s + 3]! & 0x0f) << 8) | p[s + 4]!);
      }
    } else if (streams.has(pid) && !firstPts.has(pid) && p[i] === 0 && p[i + 1] === 0 && p[i + 2] === 1) {
      const t = i + 9;
      const pts =
        ((p[t]! >> 1) & 7) * 2 ** 30 +
        ((p[t + 1]! << 7) | (p[t + 2]! >> 1)) * 2 ** 15 +
        ((p[t + 3]! << 7) | (p[t + 4]! >> 1));
      firstPts.set(pid, pts);
    }
  }
  return { packets: bytes.length / 188, streams, firstPts };
}
