import yauzl from "yauzl";

/** Every file of a zip by its name, read with a real unzip library (so a malformed zip fails the test). */
export function zipEntries(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (error, file) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      file.on("error", reject);
      file.on("end", () => resolve(entries));
      file.on("entry", (entry: yauzl.Entry) => {
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("error", reject);
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}

/** The file name of a Content-Disposition header's RFC 5987 `filename*=UTF-8''…`, decoded. */
export function dispositionFileName(header: string | null): string | null {
  const match = /filename\*=UTF-8''([^;]+)/i.exec(header ?? "");
  return match ? decodeURIComponent(match[1]!) : null;
}
