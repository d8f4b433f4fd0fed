import { useState, type DragEvent } from 'react';
import Box from '@cloudscape-design/components/box';
import Icon from '@cloudscape-design/components/icon';
import { useFilesDragging } from '@cloudscape-design/components/file-dropzone';
import { carriesFiles, droppedEntries, type DroppedEntries } from '../../utils/dropped-files.ts';

/**
 * Where files and folders dragged from the desktop are dropped onto the drive page: shown while a
 * drag of files is over the window (Cloudscape's hook), as Cloudscape's file upload shows its zone.
 * The entries are taken while the drop event is live; what they hold is read afterwards.
 */
export function DropZone({ hint, onDrop }: { hint: string; onDrop: (dropped: DroppedEntries) => void }) {
  const { areFilesDragging } = useFilesDragging();
  const [over, setOver] = useState(false);
  if (!areFilesDragging) return null;
  const accept = (event: DragEvent) => {
    if (!carriesFiles(event.dataTransfer)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  return (
    <div
      className={`drive-dropzone${over ? ' drive-dropzone-over' : ''}`}
      data-testid="drive-dropzone"
      onDragEnter={accept}
      onDragOver={accept}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        if (carriesFiles(event.dataTransfer)) onDrop(droppedEntries(event.dataTransfer));
      }}
    >
      <Box textAlign="center" color="inherit">
        <Icon name="upload" size="big" />
        <Box variant="p" color="inherit">
          {hint}
        </Box>
      </Box>
    </div>
  );
}
