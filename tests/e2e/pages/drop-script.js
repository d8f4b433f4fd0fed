/* global window, document, DataTransfer, DataTransferItem, DragEvent */
/**
 * Drops from the desktop, made in the page (loaded by pages/transfers.ts): a DataTransfer of files
 * (its `types` hold "Files", as a desktop drag's do), and, because a script-made transfer gives no
 * directory entries, its items answer entries of the tree through `webkitGetAsEntry` (a folder's
 * reader answers two entries at a time, then none, as Chromium's answer in batches).
 */
(() => {
  const entryOf = (name, value) =>
    typeof value === 'string'
      ? { isFile: true, isDirectory: false, name, file: (ok) => ok(new File([value], name, { type: 'text/plain' })) }
      : {
          isFile: false,
          isDirectory: true,
          name,
          createReader: () => {
            const children = Object.entries(value).map(([child, inner]) => entryOf(child, inner));
            return { readEntries: (ok) => ok(children.splice(0, 2)) };
          },
        };

  /** Starts a drag of the tree over the window. */
  window.e2eDragOver = (tree) => {
    const entries = new Map(Object.entries(tree).map(([name, value]) => [name, entryOf(name, value)]));
    const transfer = new DataTransfer();
    for (const [name, value] of Object.entries(tree)) transfer.items.add(new File([typeof value === 'string' ? value : ''], name));
    DataTransferItem.prototype.webkitGetAsEntry = function () {
      return entries.get(this.getAsFile()?.name ?? '') ?? null;
    };
    window.e2eTransfer = transfer;
    document.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  };

  /** Drops the dragged tree onto an element. */
  window.e2eDropOn = (element) => {
    const transfer = window.e2eTransfer;
    for (const type of ['dragenter', 'dragover', 'drop']) element.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
  };
})();
