// Exits 0 when a Redis server answers PING at host:port given as the first argument (used by CI).
import net from 'node:net'

const [host = '127.0.0.1', port = '6379'] = (process.argv[2] ?? '').split(':')
const socket = net.connect(Number(port), host)
const fail = () => process.exit(1)
socket.setTimeout(2000, fail)
socket.on('error', fail)
socket.on('connect', () => socket.write('PING\r\n'))
socket.on('data', (data) => {
  socket.destroy()
  process.exit(data.toString().startsWith('+PONG') ? 0 : 1)
})
