import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Alert, Progress, Stack, Text } from '@mantine/core';
import { IconCameraOff } from '@tabler/icons-react';
import type { BarcodeFormat } from 'barcode-detector/ponyfill';
import { MSG } from '@filialportal/core/messages';
// The reader's WebAssembly, emitted by Vite into our own build (web/dist/assets): zxing-wasm would
// otherwise fetch it from a CDN, which the intranet cannot reach.
import zxingReaderWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { SCAN_SAMPLES_TO_ACCEPT, ScanVote } from './scan-vote.ts';

/** Where the reader's WebAssembly lies: fetched once for the way without network (the service worker keeps it). */
export const readerWasmUrl: string = zxingReaderWasmUrl;

/** The codes on articles: EAN-13, EAN-8 and the American UPC-A and UPC-E. */
export const SCAN_FORMATS: BarcodeFormat[] = ['ean_13', 'ean_8', 'upc_a', 'upc_e'];

/** The rear camera at the spec's 850 × 400 (ideal values: a camera offers what is closest). */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 850 }, height: { ideal: 400 } },
};

/** Least time between the starts of two detections (one detection at a time in any case). */
const FRAME_INTERVAL_MS = 60;

/** What both the native BarcodeDetector and the polyfill offer (lib.dom does not declare the API). */
interface Detector {
  detect(source: HTMLVideoElement): Promise<ReadonlyArray<{ rawValue: string }>>;
}

interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

/** The reader's .wasm from our origin instead of the CDN zxing-wasm names by default. */
const ZXING_OVERRIDES = {
  locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingReaderWasmUrl : prefix + path),
};

async function createDetector(): Promise<Detector> {
  // Chrome on Android and macOS, Safari with the feature flag: the platform's own detector.
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (typeof Native === 'function') {
    try {
      const supported = await Native.getSupportedFormats();
      if (supported.includes('ean_13')) return new Native({ formats: SCAN_FORMATS.filter((f) => supported.includes(f)) });
    } catch {
      // A detector that cannot tell its formats is not used; the polyfill follows.
    }
  }
  // Everywhere else (Safari on the iPad, Chromium on Linux, Firefox): ZXing compiled to
  // WebAssembly, loaded only now, with its .wasm from our own origin.
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  await prepareZXingModule({ overrides: ZXING_OVERRIDES, fireImmediately: true });
  return new BarcodeDetector({ formats: SCAN_FORMATS });
}

let detector: Promise<Detector> | null = null;

/** The detector, created once per page (a failed attempt is tried again next time). */
export function loadBarcodeDetector(): Promise<Detector> {
  detector ??= createDetector().catch((err: unknown) => {
    detector = null;
    throw err;
  });
  return detector;
}

export interface BarcodeScannerProps {
  /** Called with each accepted code (the most frequent of more than 30 samples read). */
  onCode: (ean: string) => void;
  /** While true the camera runs and scans one code after the other; false stops it. */
  active: boolean;
}

type Phase = 'starting' | 'scanning' | 'failed';

/**
 * The camera scan of a barcode: the rear camera's picture, decoded frame by frame; a code counts
 * once more than 30 samples have been read, the most frequent one (see scan-vote.ts). Without a
 * camera (or without permission) it says so and the EAN is typed in; the error is only logged.
 */
export function BarcodeScanner({ onCode, active }: BarcodeScannerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  // The latest onCode, without restarting the camera when the parent passes a new function.
  const accept = useEffectEvent((code: string) => onCode(code));
  const [phase, setPhase] = useState<Phase>('starting');
  const [samples, setSamples] = useState(0);

  useEffect(() => {
    if (!active) return;
    const video = videoRef.current;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frameErrorLogged = false;
    const vote = new ScanVote();
    setPhase('starting');
    setSamples(0);

    const stopCamera = () => {
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
      stream = null;
      if (video) video.srcObject = null;
    };

    const scan = async (reader: Detector) => {
      if (stopped || !video) return;
      const started = performance.now();
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0) {
        try {
          const codes = await reader.detect(video);
          if (stopped) return;
          for (const { rawValue } of codes) {
            const accepted = vote.add(rawValue);
            if (accepted) accept(accepted);
          }
          setSamples(vote.progress.samples);
        } catch (err) {
          if (stopped) return;
          // A frame that cannot be read is skipped; the next one may be fine.
          if (!frameErrorLogged) console.warn('Barcode-Scanner: Bild nicht lesbar', err);
          frameErrorLogged = true;
        }
      }
      timer = setTimeout(() => void scan(reader), Math.max(0, FRAME_INTERVAL_MS - (performance.now() - started)));
    };

    void (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('getUserMedia fehlt (keine sichere Verbindung?)');
        const media = await navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS);
        if (stopped || !video) {
          media.getTracks().forEach((t) => t.stop());
          return;
        }
        stream = media;
        video.srcObject = media;
        await video.play();
        const reader = await loadBarcodeDetector();
        if (stopped) return;
        setPhase('scanning');
        void scan(reader);
      } catch (err) {
        if (stopped) return;
        console.warn('Barcode-Scanner: Kamera oder Decoder nicht verfügbar', err);
        stopCamera();
        setPhase('failed');
      }
    })();

    return () => {
      stopped = true;
      stopCamera();
    };
  }, [active]);

  if (!active) return null;
  return (
    <Stack gap="xs">
      {phase === 'failed' && (
        <Alert color="orange" variant="light" icon={<IconCameraOff size={18} />} role="alert">
          {MSG.cameraUnavailable}
        </Alert>
      )}
      {/* Mounted while active, also after a failure: a new start needs the element. */}
      <video
        ref={videoRef}
        aria-label="Kamerabild"
        hidden={phase === 'failed'}
        muted
        playsInline
        autoPlay
        style={{
          display: phase === 'failed' ? 'none' : 'block',
          width: '100%',
          maxHeight: 400,
          objectFit: 'cover',
          borderRadius: 'var(--mantine-radius-md)',
          background: 'var(--mantine-color-dark-7)',
        }}
      />
      {phase === 'starting' && (
        <Text size="sm" c="dimmed">
          Kamera wird gestartet …
        </Text>
      )}
      {phase === 'scanning' && (
        <>
          <Text size="sm" c="dimmed">
            Code wird gelesen … {samples}/{SCAN_SAMPLES_TO_ACCEPT}
          </Text>
          <Progress value={(samples / SCAN_SAMPLES_TO_ACCEPT) * 100} size="sm" radius="xl" aria-label="Lesefortschritt" transitionDuration={0} />
        </>
      )}
    </Stack>
  );
}
