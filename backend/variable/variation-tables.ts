import * as hb from "harfbuzzjs";

/** One axis of a variable font as its `fvar` declares it, named by `STAT` when that names it. */
export type AxisFacts = { tag: string; name: string; min: number; default: number; max: number; hidden: boolean };

/** A named point of the design space: coordinates by axis tag. */
export type InstanceFacts = { name: string; coordinates: Record<string, number> };

export type VariationFacts = { axes: AxisFacts[]; instances: InstanceFacts[] };

/** fvar axis flag: the axis is meant for tools, not for a user interface. */
const HIDDEN_AXIS = 0x0001;

/**
 * The axes and named instances of a variable font, from its own `fvar` (axes, instances) and `STAT`
 * (axis names; instances when `fvar` names none: each axis value STAT names, other axes at default).
 * Returns null for a font without `fvar`, i.e. not a variable font.
 */
export function readVariationFacts(sfnt: Uint8Array): VariationFacts | null {
  const face = new hb.Face(new hb.Blob(sfnt));
  const name = (id: number) => (id === 0xffff ? "" : face.getName(id, "en").trim());
  const fvar = face.referenceTable("fvar");
  if (!fvar || fvar.byteLength < 16) return null;
  const view = viewOf(fvar);
  const axesOffset = view.getUint16(4);
  const axisCount = view.getUint16(8);
  const axisSize = view.getUint16(10);
  const instanceCount = view.getUint16(12);
  const instanceSize = view.getUint16(14);
  if (axisCount === 0 || axisSize < 20 || instanceSize < 4 + 4 * axisCount) return null;
  if (axesOffset + axisCount * axisSize + instanceCount * instanceSize > fvar.byteLength) return null;

  const statNames = readStatAxisNames(face.referenceTable("STAT"));
  const axes: AxisFacts[] = [];
  for (let index = 0; index < axisCount; index++) {
    const at = axesOffset + index * axisSize;
    const tag = tagAt(fvar, at);
    const nameId = statNames.get(tag) ?? view.getUint16(at + 18);
    axes.push({
      tag,
      name: name(nameId) || tag,
      min: fixed(view, at + 4),
      default: fixed(view, at + 8),
      max: fixed(view, at + 12),
      hidden: (view.getUint16(at + 16) & HIDDEN_AXIS) !== 0,
    });
  }

  const instances: InstanceFacts[] = [];
  const instancesOffset = axesOffset + axisCount * axisSize;
  for (let index = 0; index < instanceCount; index++) {
    const at = instancesOffset + index * instanceSize;
    const instanceName = name(view.getUint16(at));
    if (!instanceName) continue;
    const coordinates: Record<string, number> = {};
    axes.forEach((axis, axisIndex) => (coordinates[axis.tag] = fixed(view, at + 4 + 4 * axisIndex)));
    instances.push({ name: instanceName, coordinates });
  }
  if (instances.length === 0) instances.push(...readStatInstances(face.referenceTable("STAT"), axes, name));
  return { axes, instances: uniqueByName(instances) };
}

/** STAT's design axes: tag → name ID. */
function readStatAxisNames(stat: Uint8Array | undefined): Map<string, number> {
  const names = new Map<string, number>();
  const design = statDesignAxes(stat);
  for (const axis of design) names.set(axis.tag, axis.nameId);
  return names;
}

function statDesignAxes(stat: Uint8Array | undefined): Array<{ tag: string; nameId: number }> {
  if (!stat || stat.byteLength < 18) return [];
  const view = viewOf(stat);
  const recordSize = view.getUint16(4);
  const count = view.getUint16(6);
  const offset = view.getUint32(8);
  if (recordSize < 8 || offset + count * recordSize > stat.byteLength) return [];
  return Array.from({ length: count }, (_, index) => {
    const at = offset + index * recordSize;
    return { tag: tagAt(stat, at), nameId: view.getUint16(at + 4) };
  });
}

/** Axis values of formats 1–3: one value of one axis, with its name. */
function readStatInstances(
  stat: Uint8Array | undefined,
  axes: AxisFacts[],
  name: (id: number) => string,
): InstanceFacts[] {
  if (!stat || stat.byteLength < 18) return [];
  const view = viewOf(stat);
  const design = statDesignAxes(stat);
  const valueCount = view.getUint16(12);
  const valuesOffset = view.getUint32(14);
  const defaults = Object.fromEntries(axes.map((axis) => [axis.tag, axis.default]));
  const instances: InstanceFacts[] = [];
  for (let index = 0; index < valueCount; index++) {
    const pointerAt = valuesOffset + 2 * index;
    if (pointerAt + 2 > stat.byteLength) break;
    const at = valuesOffset + view.getUint16(pointerAt);
    if (at + 12 > stat.byteLength) continue;
    const format = view.getUint16(at);
    if (format < 1 || format > 3) continue;
    const tag = design[view.getUint16(at + 2)]?.tag;
    const valueName = name(view.getUint16(at + 6));
    if (!tag || !(tag in defaults) || !valueName) continue;
    instances.push({ name: valueName, coordinates: { ...defaults, [tag]: fixed(view, at + 8) } });
  }
  return instances;
}

function uniqueByName(instances: InstanceFacts[]): InstanceFacts[] {
  const seen = new Set<string>();
  return instances.filter((instance) => !seen.has(instance.name) && seen.add(instance.name));
}

function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** 16.16 fixed-point, rounded to what a slider shows. */
function fixed(view: DataView, at: number): number {
  return Math.round((view.getInt32(at) / 65536) * 1000) / 1000;
}

function tagAt(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
}
