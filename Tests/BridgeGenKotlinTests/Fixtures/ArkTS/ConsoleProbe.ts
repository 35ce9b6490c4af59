// Drives the ArkTS console receiver (Runtime/ArkTS/Console.ets, transpiled by tsc, run by node)
// through the page messages on stdin, for ArkTSSessionTests to compare with what the Swift
// receiver does with the same messages. In: one JSON line of the limits,
// {"maxMessageLength":12,"maxMessagesPerSecond":2}, then one line a message,
// {"ms":0,"text":"...","scheme":"app","host":"bundle","mainFrame":true}. Out: one JSON array of
// every line the receiver wrote, its log's as `log: <line>`, its sink's as `BridgeConsole.line`.

import { BridgeOrigin } from './Caller';
import { BridgeConsole, BridgeConsoleLevel, BridgeConsoleReceiver } from './Console';
import { BridgeOriginPolicy } from './Session';

declare const process: { stdin: { on(event: string, listener: (chunk?: string) => void): void; setEncoding(name: string): void };
  stdout: { write(text: string): boolean } };

interface Limits { maxMessageLength: number; maxMessagesPerSecond: number }
interface Posted { ms: number; text: string; scheme: string; host: string; mainFrame: boolean }

function run(input: string): string[] {
  const lines = input.split('\n').filter((line: string) => line !== '');
  const limits = JSON.parse(lines[0]) as Limits;
  const out: string[] = [];
  let now = 0;
  const console = new BridgeConsole(limits.maxMessageLength, limits.maxMessagesPerSecond,
    (level: BridgeConsoleLevel, message: string): void => { out.push(BridgeConsole.line(level, message)); });
  const policy = new BridgeOriginPolicy(['app'], [], true, []);
  const receiver = new BridgeConsoleReceiver(console, policy, (line: string): void => { out.push('log: ' + line); }, (): number => now);
  for (const line of lines.slice(1)) {
    const posted = JSON.parse(line) as Posted;
    now = posted.ms;
    receiver.receive(posted.text, new BridgeOrigin(posted.scheme, posted.host, 0, posted.mainFrame));
  }
  return out;
}

let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk?: string) => { input += chunk ?? ''; });
process.stdin.on('end', () => { process.stdout.write(JSON.stringify(run(input)) + '\n'); });
