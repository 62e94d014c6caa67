import busboy from "busboy";
import type { Request } from "express";
import { AVATAR_MAX_BYTES } from "./avatar.js";
import { refused } from "./errors.js";

export type MultipartForm = { fields: Record<string, string>; file?: Buffer };

const FILE_FIELDS = new Set(["avatar", "file"]);

/**
 * Reads a multipart/form-data profile form: text fields and at most one avatar file
 * (field `avatar` or `file`), bounded in size. The file's name and declared type are ignored;
 * the content is checked later.
 */
export function readMultipart(req: Request): Promise<MultipartForm> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 30, fieldSize: 8 * 1024, parts: 40 },
        defParamCharset: "utf8",
      });
    } catch {
      reject(refused("表单格式不正确"));
      return;
    }
    const fields: Record<string, string> = {};
    let file: Buffer | undefined;
    let failure: Error | undefined;
    const fail = (error: Error) => {
      failure ??= error;
    };

    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) fail(refused("表单字段过长"));
      if (!(name in fields)) fields[name] = value;
    });
    parser.on("file", (name, stream) => {
      // A body cut off mid-file destroys the file stream with the error: unheard, it would end the process.
      stream.on("error", () => fail(refused("表单格式不正确")));
      if (!FILE_FIELDS.has(name)) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => fail(refused("头像图片不能超过 5 MB")));
      stream.on("close", () => {
        const data = Buffer.concat(chunks);
        if (data.length > 0) file = data;
      });
    });
    parser.on("filesLimit", () => fail(refused("一次只能上传一个头像文件")));
    parser.on("fieldsLimit", () => fail(refused("表单字段过多")));
    parser.on("partsLimit", () => fail(refused("表单字段过多")));
    parser.on("error", () => {
      fail(refused("表单格式不正确"));
      req.unpipe(parser);
      req.resume();
      reject(failure);
    });
    parser.on("close", () => {
      if (failure) reject(failure);
      else resolve({ fields, file });
    });
    req.pipe(parser);
  });
}
