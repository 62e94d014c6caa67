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
  if (request.kind === "web") {
    const { sfnt, woff } = await subsetter.subsetForWeb(font, request.codepoints);
    return { id: request.id, bytes: sfnt, woff };
  }
  const bytes = await subsetter.subset(font, request.codepoints, request.format);
  return { id: request.id, bytes };
}

/** A reply's buffers that hold nothing else: handed over, not copied (a subset is made once and read by the main thread only). */
function transferable(reply: SubsetWorkerReply): ArrayBuffer[] {
  return [reply.bytes, reply.woff]
    .filter((bytes) => bytes !== undefined && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength)
    .map((bytes) => bytes!.buffer as ArrayBuffer);
}

port.on("message", (requests: SubsetWorkerRequest[]) => {
  for (const request of requests) {
    answer(request).then(
      (reply) => port.postMessage(reply, transferable(reply)),
      (error: unknown) => {
        const { name, message } = error instanceof Error ? error : new Error(String(error));
        port.postMessage({ id: request.id, error: { name, message } } satisfies SubsetWorkerReply);
      },
    );
  }
});
port.postMessage(SUBSET_WORKER_READY);
