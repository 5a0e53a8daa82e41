// Types for test-only packages that ship none: the parts these tests read.

declare module 'parse-prometheus-text-format' {
  export interface PrometheusSample {
    value?: string;
    labels?: Record<string, string>;
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  export interface PrometheusFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: PrometheusSample[];
  }
  // biome-ignore lint/style/noDefaultExport: the package's own shape.
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}

declare module 'm3u8-parser' {
  export interface ParsedSegment {
    uri: string;
    duration: number;
    timeline: number;
    programDateTime?: number;
  }
  export interface ParsedManifest {
    endList?: boolean;
    mediaSequence?: number;
    playlistType?: string;
    targetDuration?: number;
    version?: number;
    dateTimeString?: string;
    segments: ParsedSegment[];
  }
  export class Parser {
    manifest: ParsedManifest;
    push(chunk: string): void;
    end(): void;
  }
}
