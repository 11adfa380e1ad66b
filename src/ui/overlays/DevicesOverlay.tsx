import { Box, Text } from 'ink';
import { memo, useEffect, useRef, useState } from 'react';
import type { Device } from '../../api/types.js';
import { isApiError } from '../../api/errors.js';
import { useApi } from '../context/api-context.js';
import { Pane } from '../components/Pane.js';
import { useKeyLayer } from '../keys/use-key-layer.js';
import { KEY_LAYER } from '../keys/key-layers.js';
import { useKeyBindings } from '../context/bindings-context.js';
import { firstKeyLabel } from '../../keys/bindings.js';
import { commandFor, DEVICES_KEYMAP, runCommand, type CommandHandlers, type DeviceCommand } from '../keys/keymap.js';
import { sanitizeText, truncateToWidth } from '../sanitize.js';
import { useTheme } from '../context/theme.js';

export interface DevicesOverlayProps {
  width: number;
  /** The most rows it may take; it takes fewer for a short list. */
  maxHeight: number;
  onClose(): void;
  /** Playback moved to `device`: the caller closes the list and asks the player again. */
  onTransferred(device: Device): void;
  onNotice(message: string): void;
}

/** Border (2) and the hint line. */
export const DEVICES_FRAME_ROWS = 3;

/** One device as the list shows it: active marked, volume or its absence, restricted ones said so. */
export function deviceRow(device: Device): string {
  const volume = device.volume_percent === null ? 'no volume' : `${device.volume_percent}%`;
  const marks = [device.is_active ? 'playing here' : '', device.is_restricted ? 'restricted' : ''].filter(Boolean);
  return `${device.is_active ? '▶' : ' '} ${sanitizeText(device.name)} · ${sanitizeText(device.type)} · ${volume}${
    marks.length > 0 ? ` · ${marks.join(', ')}` : ''
  }`;
}

const reasonOf = (error: unknown): string => (isApiError(error) ? (error.details.reason ?? error.message) : String(error));

/** The devices, read once when opened (never polled); Enter moves playback to the one under the cursor. */
export const DevicesOverlay = memo(function DevicesOverlay(props: DevicesOverlayProps) {
  const { width, maxHeight, onClose } = props;
  const api = useApi();
  const theme = useTheme();
  const [devices, setDevices] = useState<readonly Device[] | null>(null);
  const [cursor, setCursor] = useState(0);
  const busy = useRef(false);
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    const controller = new AbortController();
    api.getDevices({ signal: controller.signal }).then(
      (list) => {
        setDevices(list);
        setCursor(Math.max(0, list.findIndex((device) => device.is_active)));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        latest.current.onNotice(`couldn't list the devices: ${reasonOf(error)}`);
        latest.current.onClose();
      },
    );
    return () => controller.abort();
  }, [api]);

  const transfer = (): void => {
    const device = devices?.[cursor];
    if (!device?.id || busy.current) return;
    if (device.is_active) return onClose();
    busy.current = true;
    api.transferPlayback(device.id).then(
      () => {
        busy.current = false;
        latest.current.onNotice(`playing on ${sanitizeText(device.name)}`);
        latest.current.onTransferred(device);
      },
      (error: unknown) => {
        busy.current = false;
        latest.current.onNotice(`couldn't move playback to ${sanitizeText(device.name)}: ${reasonOf(error)}`);
      },
    );
  };
  const last = Math.max(0, (devices?.length ?? 0) - 1);
  // The lists' ↑/↓ (as bound) choose; any other key goes on to the global keys (the devices key closes).
  const handlers: CommandHandlers<DeviceCommand> = {
    cursor: ({ action }) => setCursor((current) => Math.max(0, Math.min(last, current + (action === 'up' ? -1 : 1)))),
    transfer,
    close: () => onClose(),
  };
  const bindings = useKeyBindings();
  useKeyLayer(KEY_LAYER.overlay, (input, key) => {
    const command = commandFor(DEVICES_KEYMAP, input, key, bindings);
    if (command === null) return false;
    runCommand(handlers, command);
    return true;
  });

  const key = (action: Parameters<typeof firstKeyLabel>[0]): string => firstKeyLabel(action, bindings);
  const hint = `${key('up')}/${key('down')} choose · ${key('devicesPlay')} plays there · ${key('devicesClose')} closes`;
  const inner = Math.max(1, width - 4);
  const rows = devices ?? [];
  const height = Math.min(maxHeight, Math.max(1, rows.length) + DEVICES_FRAME_ROWS);
  const visible = Math.max(1, height - DEVICES_FRAME_ROWS);
  const top = Math.max(0, Math.min(cursor - visible + 1, rows.length - visible));
  return (
    <Pane title="Devices" isFocused width={width} height={height}>
      <Box flexDirection="column" paddingX={1}>
        <Text dimColor wrap="truncate">
          {devices === null ? 'Asking for the devices…' : hint}
        </Text>
        {rows.slice(top, top + visible).map((device, index) => (
          <Text
            key={device.id ?? index}
            inverse={top + index === cursor}
            dimColor={device.is_restricted}
            color={device.is_active ? theme.success : undefined}
          >
            {truncateToWidth(deviceRow(device), inner)}
          </Text>
        ))}
      </Box>
    </Pane>
  );
});
