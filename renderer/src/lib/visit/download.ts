/**
 * Hands a text file to the browser's download machinery (works in Electron and Chromium). Its
 * own module, not the CSV writer's: the connection check on the sign-in screen downloads its
 * report with it, and importing the writer put every CSV and record word into the start chunk
 * (decision 82).
 */
export const downloadText = (fileName: string, text: string, mime = 'text/csv'): void => {
  const url = URL.createObjectURL(new Blob([text], { type: `${mime};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
