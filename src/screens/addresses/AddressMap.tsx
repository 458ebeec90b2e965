import { useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { MapSettings } from '../../../schemas/addresses.schema';
import { Button } from '../../ui/Button';
import { Muted, Row } from '../../ui/Layout';
import { addressesText as m } from './addressMessages';
import {
  countryOutlines,
  project,
  tileHref,
  unproject,
  visibleTiles,
  type LatLng,
  type Point,
} from './mercator';

/** The map's drawing size (SVG user units); it scales to the page's width. */
const width = 640;
const height = 400;
const minZoom = 2;
const maxZoom = 18;
/** One arrow key press moves the pin this many map pixels (with Shift, five times as far). */
export const keyStepPx = 8;

const Frame = styled.div`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 8px;
  overflow: hidden;
  svg {
    display: block;
    width: 100%;
    height: auto;
    touch-action: none;
    background: #d6e6f5;
  }
  .land {
    fill: #f4f1ea;
    stroke: #6b6b6b;
    stroke-width: 0.8;
  }
  .pin {
    cursor: grab;
    outline: none;
  }
  .pin:focus-visible .halo {
    stroke: #000;
    stroke-width: 3;
  }
`;

export type AddressMapProps = {
  /** Where the pin is; null: not placed yet (shown at `fallback` until moved). */
  pin: LatLng | null;
  fallback: LatLng;
  settings: MapSettings;
  disabled?: boolean;
  /** The pin was dropped (drag end) or moved with a key. */
  onMove: (pin: LatLng) => void;
};

const fixed = (value: number) => value.toFixed(5);

/**
 * The map of an address: the bundled country outlines drawn as SVG in Web Mercator, street tiles under them
 * when a tile server is configured, and a pin the user drags with the mouse (or a finger) or moves with the arrow
 * keys. Works without any network.
 */
export function AddressMap({ pin, fallback, settings, disabled, onMove }: AddressMapProps) {
  const intl = useIntl();
  const svgRef = useRef<SVGSVGElement>(null);
  const shown = pin ?? fallback;
  const [zoom, setZoom] = useState(6);
  const [centre, setCentre] = useState<Point>(() => project(shown));
  const [dragging, setDragging] = useState<Point | null>(null);
  const outlines = useMemo(() => countryOutlines(), []);

  const worldPx = 256 * 2 ** zoom;
  const toScreen = (point: Point): Point => ({
    x: (point.x - centre.x) * worldPx + width / 2,
    y: (point.y - centre.y) * worldPx + height / 2,
  });
  const toWorld = (screen: Point): Point => ({
    x: centre.x + (screen.x - width / 2) / worldPx,
    y: Math.min(1, Math.max(0, centre.y + (screen.y - height / 2) / worldPx)),
  });

  // Keep the pin in view: when it leaves the middle of the map (moved by a key, or found far away), centre on it.
  const pinPoint = project(shown);
  const pinScreen = toScreen(pinPoint);
  if (
    !dragging &&
    (pinScreen.x < width * 0.1 ||
      pinScreen.x > width * 0.9 ||
      pinScreen.y < height * 0.1 ||
      pinScreen.y > height * 0.9)
  ) {
    setCentre(pinPoint);
  }

  const screenOfPointer = (event: PointerEvent): Point => {
    const box = svgRef.current?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) return pinScreen;
    return {
      x: ((event.clientX - box.left) / box.width) * width,
      y: ((event.clientY - box.top) / box.height) * height,
    };
  };

  const onPointerDown = (event: PointerEvent<SVGGElement>) => {
    if (disabled) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDragging(screenOfPointer(event));
  };
  const onPointerMove = (event: PointerEvent<SVGGElement>) => {
    if (dragging) setDragging(screenOfPointer(event));
  };
  const onPointerUp = (event: PointerEvent<SVGGElement>) => {
    if (!dragging) return;
    const dropped = screenOfPointer(event);
    setDragging(null);
    onMove(round(unproject(toWorld(dropped))));
  };

  const onKeyDown = (event: KeyboardEvent<SVGGElement>) => {
    if (disabled) return;
    const step = keyStepPx * (event.shiftKey ? 5 : 1);
    const delta: Record<string, Point> = {
      ArrowUp: { x: 0, y: -step },
      ArrowDown: { x: 0, y: step },
      ArrowLeft: { x: -step, y: 0 },
      ArrowRight: { x: step, y: 0 },
    };
    const move = delta[event.key];
    if (!move) return;
    event.preventDefault();
    onMove(round(unproject(toWorld({ x: pinScreen.x + move.x, y: pinScreen.y + move.y }))));
  };

  const marker = dragging ?? pinScreen;
  const markerLatLng = dragging ? unproject(toWorld(dragging)) : shown;
  const transform = `translate(${width / 2 - centre.x * worldPx} ${height / 2 - centre.y * worldPx}) scale(${worldPx})`;
  const tiles = settings.tile_url ? visibleTiles(centre, worldPx, width, height) : [];
  const helpId = 'address-map-help';

  return (
    <div>
      <Frame>
        <svg
          ref={svgRef}
          viewBox={`0 0 ${width} ${height}`}
          role="group"
          aria-label={intl.formatMessage(m.map)}
          onPointerMove={onPointerMove}
        >
          <g transform={transform}>
            {tiles.map((tile) => (
              <image
                key={`${tile.z}/${tile.x}/${tile.y}`}
                href={tileHref(settings.tile_url ?? '', tile)}
                x={tile.x / 2 ** tile.z}
                y={tile.y / 2 ** tile.z}
                width={1 / 2 ** tile.z}
                height={1 / 2 ** tile.z}
                preserveAspectRatio="none"
              />
            ))}
            {tiles.length === 0
              ? outlines.map((path, index) => (
                  <path key={index} className="land" d={path} vectorEffect="non-scaling-stroke" />
                ))
              : null}
          </g>
          <g
            className="pin"
            data-testid="map-pin"
            role="button"
            tabIndex={disabled ? -1 : 0}
            aria-disabled={disabled || undefined}
            aria-label={intl.formatMessage(m.pin, {
              latitude: fixed(markerLatLng.latitude),
              longitude: fixed(markerLatLng.longitude),
            })}
            aria-describedby={helpId}
            transform={`translate(${marker.x} ${marker.y})`}
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onKeyDown={onKeyDown}
          >
            <circle className="halo" r="14" cy="-22" fill="#005aff" opacity={pin ? 1 : 0.55} />
            <path d="M0 0 L-9 -16 L9 -16 Z" fill="#005aff" opacity={pin ? 1 : 0.55} />
            <circle r="5" cy="-22" fill="#fff" />
          </g>
        </svg>
      </Frame>
      <Muted id={helpId}>{intl.formatMessage(m.pinHelp)}</Muted>
      <Row>
        <Button
          type="button"
          variant="secondary"
          disabled={zoom >= maxZoom}
          onClick={() => setZoom((value) => Math.min(maxZoom, value + 1))}
        >
          {intl.formatMessage(m.zoomIn)}
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={zoom <= minZoom}
          onClick={() => setZoom((value) => Math.max(minZoom, value - 1))}
        >
          {intl.formatMessage(m.zoomOut)}
        </Button>
      </Row>
      <Muted>
        <small>
          {[intl.formatMessage(m.outlines), settings.tile_url ? settings.tile_attribution : null]
            .filter(Boolean)
            .join(' ')}
        </small>
      </Muted>
    </div>
  );
}

const round = (point: LatLng): LatLng => ({
  latitude: Math.round(point.latitude * 1e6) / 1e6,
  longitude: Math.round(point.longitude * 1e6) / 1e6,
});
