import { parentPort, workerData } from "node:worker_threads";
import { leaveSpareInstancesUntouched } from "./harfbuzz-wasm.js";
import { Subsetter, type SubsetFontFile } from "./subsetter.js";
import { SUBSET_WORKER_READY, type SubsetWorkerReply, type SubsetWorkerRequest } from "./subsetter-pool.js";

// Page faults here delay no other request; resident spares in every thread would (16 MB each).
leaveSpareInstancesUntouched();
/** One thread of `SubsetterPool`: a `Subsetter` with its share of the faces' memory budget. */
const subsetter = await Subsetter.create({
  memoryBudgetBytes: (workerData as { memoryBudgetBytes: number }).memoryBudgetBytes,
});
const port = parentPort!;

async function answer(request: SubsetWorkerRequest): Promise<SubsetWorkerReply> {
  const font: SubsetFontFile = request.font;
  if (request.kind === "prepare") {
    await subsetter.prepare(font);
    return { id: request.id };
  }
  const sfnt = await subsetter.subset(font, request.codepoints, request.format);
  return { id: request.id, bytes: sfnt };
}

port.on("message", (request: SubsetWorkerRequest) => {
  answer(request).then(
    (reply) => {
      // Handed over, not copied: a subset is made once and read by the main thread only.
      const transfer =
        reply.bytes && reply.bytes.byteOffset === 0 && reply.bytes.byteLength === reply.bytes.buffer.byteLength;
      port.postMessage(reply, transfer ? [reply.bytes!.buffer as ArrayBuffer] : []);
    },
    (error: unknown) => {
      const { name, message } = error instanceof Error ? error : new Error(String(error));
      port.postMessage({ id: request.id, error: { name, message } } satisfies SubsetWorkerReply);
    },
  );
});
port.postMessage(SUBSET_WORKER_READY);
