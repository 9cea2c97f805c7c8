const FILE = /^([A-Za-z0-9_-]{1,64})\.pdf$/;

/** A one-page PDF for a seeded file id (the same bytes for the same id), so download links open; undefined for other names. */
export function placeholderDocument(file: string): Buffer | undefined {
  const id = FILE.exec(file)?.[1];
  if (id === undefined) return undefined;
  // The id holds only [A-Za-z0-9_-], so it needs no escaping inside a PDF string.
  const text = `BT /F1 18 Tf 72 720 Td (subcat placeholder document) Tj 0 -28 Td /F1 12 Tf (${id}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const [at, body] of objects.entries()) {
    offsets.push(pdf.length);
    pdf += `${at + 1} 0 obj\n${body}\nendobj\n`;
  }
  // The cross-reference table: each entry exactly 20 bytes, the byte offset of its object.
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
